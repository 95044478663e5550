# must: recursion_base_case
# must_not: *
def find(nums, target, lo, hi):
    mid = (lo + hi) // 2
    if nums[mid] == target:
        return mid
    if nums[mid] < target:
        return find(nums, target, mid + 1, hi)
    return find(nums, target, lo, mid - 1)
