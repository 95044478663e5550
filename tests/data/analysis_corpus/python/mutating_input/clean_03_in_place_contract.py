# must: none
# must_not: *
def rotate_in_place(nums, k):
    """Rotate nums to the right by k steps, in place, as the problem asks."""
    if not nums:
        return
    k %= len(nums)
    nums[:] = nums[-k:] + nums[:-k]
