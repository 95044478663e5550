# must: none
# must_not: *
# problem: house-robber
def rob(nums):
    skip, take = 0, 0
    for value in nums:
        skip, take = max(skip, take), skip + value
    return max(skip, take)
