# must: none
# must_not: *
def average(nums):
    if not nums:
        return 0.0
    return sum(nums) / len(nums)
