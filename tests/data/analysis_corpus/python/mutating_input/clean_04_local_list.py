# must: none
# must_not: *
def evens_doubled(nums):
    result = []
    for value in nums:
        if value % 2 == 0:
            result.append(value * 2)
    return result
