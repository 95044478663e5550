# must: none
# must_not: *
def common_items(first, second):
    allowed = set(second)
    return [item for item in first if item in allowed]
