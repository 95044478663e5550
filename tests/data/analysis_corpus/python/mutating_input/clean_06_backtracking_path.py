# must: none
# must_not: *
def subsets(nums):
    result = []
    path = []

    def build(start):
        result.append(path[:])
        for i in range(start, len(nums)):
            path.append(nums[i])
            build(i + 1)
            path.pop()

    build(0)
    return result
