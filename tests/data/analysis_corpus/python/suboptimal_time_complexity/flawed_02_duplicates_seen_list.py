# must: suboptimal_time_complexity, data_structure_choice
# must_not: *
def has_duplicate(values):
    seen = []
    for value in values:
        if value in seen:
            return True
        seen.append(value)
    return False
