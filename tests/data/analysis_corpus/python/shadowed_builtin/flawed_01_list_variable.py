# must: shadowed_builtin
# must_not: *
def evens(nums):
    list = []
    for value in nums:
        if value % 2 == 0:
            list.append(value)
    return list
