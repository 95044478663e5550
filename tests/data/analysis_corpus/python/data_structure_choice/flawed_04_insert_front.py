# must: data_structure_choice
# may: suboptimal_time_complexity
# must_not: *
def reverse_words(words):
    result = []
    for word in words:
        result.insert(0, word)
    return result
