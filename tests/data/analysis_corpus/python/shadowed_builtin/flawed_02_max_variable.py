# must: shadowed_builtin
# must_not: *
def largest(nums):
    if not nums:
        return None
    max = nums[0]
    for value in nums:
        if value > max:
            max = value
    return max
