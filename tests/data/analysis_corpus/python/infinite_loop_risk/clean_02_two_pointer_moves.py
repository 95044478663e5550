# must: none
# must_not: *
def pairs_with_sum(sorted_nums, target):
    lo, hi = 0, len(sorted_nums) - 1
    pairs = []
    while lo < hi:
        total = sorted_nums[lo] + sorted_nums[hi]
        if total < target:
            lo += 1
        elif total > target:
            hi -= 1
        else:
            pairs.append([sorted_nums[lo], sorted_nums[hi]])
            lo += 1
            hi -= 1
    return pairs
