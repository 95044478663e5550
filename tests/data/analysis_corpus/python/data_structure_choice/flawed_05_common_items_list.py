# must: data_structure_choice, suboptimal_time_complexity
# must_not: *
def common_items(first, second):
    allowed = list(second)
    shared = []
    for item in first:
        if item in allowed:
            shared.append(item)
    return shared
