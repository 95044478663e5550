# must: shadowed_builtin
# must_not: *
def normalise(input):
    return input.strip().lower()
