# must: off_by_one
# must_not: *
def is_sorted(nums):
    for i in range(len(nums)):
        if nums[i] > nums[i + 1]:
            return False
    return True
