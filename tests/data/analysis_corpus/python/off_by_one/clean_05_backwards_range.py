# must: none
# must_not: *
def reversed_copy(nums):
    out = []
    for i in range(len(nums) - 1, -1, -1):
        out.append(nums[i])
    return out
