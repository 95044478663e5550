# must: none
# must_not: *
def first_even(nums):
    for value in nums:
        if value % 2 == 0:
            result = value
            break
    else:
        return None
    return result
