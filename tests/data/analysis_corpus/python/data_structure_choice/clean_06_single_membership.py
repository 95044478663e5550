# must: none
# must_not: *
def contains_target(nums, target):
    if target in nums:
        return nums.index(target)
    return -1
