# must: unreachable_code
# must_not: *
def sign(value):
    if value >= 0:
        return 1
    else:
        return -1
    return 0
