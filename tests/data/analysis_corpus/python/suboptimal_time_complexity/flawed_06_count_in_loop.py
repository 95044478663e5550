# must: suboptimal_time_complexity
# may: data_structure_choice
# must_not: *
def first_unique_char(s):
    for index, letter in enumerate(s):
        if s.count(letter) == 1:
            return index
    return -1
