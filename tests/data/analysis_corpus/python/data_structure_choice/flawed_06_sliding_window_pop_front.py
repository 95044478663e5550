# must: data_structure_choice
# may: suboptimal_time_complexity
# must_not: *
def moving_average(values, size):
    window = []
    total = 0
    averages = []
    for value in values:
        window.append(value)
        total += value
        if len(window) > size:
            total -= window.pop(0)
        averages.append(total / len(window))
    return averages
