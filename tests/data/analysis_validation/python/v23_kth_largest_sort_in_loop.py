# must: suboptimal_time_complexity
# may: data_structure_choice
def kth_largest_stream(k, stream):
    seen = []
    answers = []
    for value in stream:
        seen.append(value)
        seen.sort(reverse=True)
        answers.append(seen[k - 1] if len(seen) >= k else None)
    return answers
