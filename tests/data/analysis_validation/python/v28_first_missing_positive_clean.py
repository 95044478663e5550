# must: none
def first_missing_positive(nums):
    present = set(nums)
    candidate = 1
    while candidate in present:
        candidate += 1
    return candidate
