# must: none
# must_not: *
def count_positive(nums):
    i = 0
    count = 0
    while i < len(nums):
        if nums[i] > 0:
            count += 1
        i += 1
    return count
