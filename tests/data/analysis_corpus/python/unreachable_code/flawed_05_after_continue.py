# must: unreachable_code
# must_not: *
def positives(nums):
    out = []
    for value in nums:
        if value <= 0:
            continue
            out.append(0)
        out.append(value)
    return out
