# must: suboptimal_space_complexity
# may: suboptimal_time_complexity
# must_not: *
def total(nums):
    if not nums:
        return 0
    return nums[0] + total(nums[1:])
