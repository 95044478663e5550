# must: mutating_input
# must_not: *
def with_total(values):
    values.append(sum(values))
    return values
