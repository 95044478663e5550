# must: mutating_input
# must_not: *
def median(nums):
    if not nums:
        return None
    nums.sort()
    return nums[len(nums) // 2]
