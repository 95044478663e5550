# must: none
# must_not: *
def parse_or_zero(text):
    try:
        value = int(text)
    except ValueError:
        return 0
    return value
