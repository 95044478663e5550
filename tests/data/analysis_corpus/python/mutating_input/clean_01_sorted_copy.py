# must: none
# must_not: *
def median(nums):
    if not nums:
        return None
    ordered = sorted(nums)
    return ordered[len(ordered) // 2]
