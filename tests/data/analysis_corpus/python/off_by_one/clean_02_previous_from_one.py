# must: none
# must_not: *
def count_rises(nums):
    rises = 0
    for i in range(1, len(nums)):
        if nums[i] > nums[i - 1]:
            rises += 1
    return rises
