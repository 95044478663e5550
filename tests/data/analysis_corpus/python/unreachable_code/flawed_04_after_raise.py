# must: unreachable_code
# must_not: *
def checked_ratio(a, b):
    if b == 0:
        raise ValueError("b must not be zero")
        return None
    return a / b
