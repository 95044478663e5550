# must: unreachable_code
# must_not: *
def first_negative(nums):
    found = None
    for value in nums:
        if value < 0:
            found = value
            break
            print("found one")
    return found
