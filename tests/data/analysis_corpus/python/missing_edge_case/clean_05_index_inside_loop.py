# must: none
# must_not: *
def running_sum(nums):
    out = []
    total = 0
    for i in range(len(nums)):
        total += nums[i]
        out.append(total)
    return out
