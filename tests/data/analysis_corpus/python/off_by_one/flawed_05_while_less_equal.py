# must: off_by_one
# must_not: *
def last_negative(nums):
    i = 0
    found = -1
    while i <= len(nums):
        if nums[i] < 0:
            found = i
        i += 1
    return found
