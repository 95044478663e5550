# must: suboptimal_time_complexity
# may: data_structure_choice
# must_not: *
def running_medians(stream):
    window = []
    medians = []
    for value in stream:
        window.append(value)
        window.sort()
        medians.append(window[len(window) // 2])
    return medians
