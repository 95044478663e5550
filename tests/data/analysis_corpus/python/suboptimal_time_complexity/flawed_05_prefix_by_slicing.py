# must: suboptimal_time_complexity
# must_not: *
# problem: balance-index
def balance_index(nums):
    for i in range(len(nums)):
        if sum(nums[:i]) == sum(nums[i + 1:]):
            return i
    return -1
