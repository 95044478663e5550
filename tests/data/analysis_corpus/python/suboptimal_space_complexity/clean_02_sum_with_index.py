# must: none
# must_not: *
def total(nums, start=0):
    if start == len(nums):
        return 0
    return nums[start] + total(nums, start + 1)
