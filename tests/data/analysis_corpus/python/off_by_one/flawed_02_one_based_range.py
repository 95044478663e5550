# must: off_by_one
# must_not: *
def total(nums):
    result = 0
    for i in range(1, len(nums) + 1):
        result += nums[i]
    return result
