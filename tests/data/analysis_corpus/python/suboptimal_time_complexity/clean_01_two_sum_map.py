# must: none
# must_not: *
# problem: two-sum
def two_sum(nums, target):
    index_of = {}
    for i, value in enumerate(nums):
        if target - value in index_of:
            return [index_of[target - value], i]
        index_of[value] = i
    return []
