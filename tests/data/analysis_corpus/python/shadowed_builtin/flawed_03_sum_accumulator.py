# must: shadowed_builtin
# must_not: *
def total(nums):
    sum = 0
    for value in nums:
        sum += value
    return sum
