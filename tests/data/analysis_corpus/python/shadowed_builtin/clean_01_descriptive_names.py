# must: none
# must_not: *
def total(nums):
    running_total = 0
    for value in nums:
        running_total += value
    return running_total
