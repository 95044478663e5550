# must: none
# must_not: *
def window_sums(nums, k):
    if k <= 0 or k > len(nums):
        return []
    current = sum(nums[:k])
    sums = [current]
    for end in range(k, len(nums)):
        current += nums[end] - nums[end - k]
        sums.append(current)
    return sums
