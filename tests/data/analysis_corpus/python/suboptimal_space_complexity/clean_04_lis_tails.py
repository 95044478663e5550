# must: none
# must_not: *
# problem: longest-increasing-subsequence
from bisect import bisect_left


def length_of_lis(nums):
    tails = []
    for value in nums:
        spot = bisect_left(tails, value)
        if spot == len(tails):
            tails.append(value)
        else:
            tails[spot] = value
    return len(tails)
