# must: none
# must_not: *
def stats(nums):
    if not nums:
        return (0, 0)
    max_value = max(nums)
    min_value = min(nums)
    return (max_value, min_value)
