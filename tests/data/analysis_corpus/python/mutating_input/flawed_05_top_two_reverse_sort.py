# must: mutating_input
# must_not: *
def top_two(scores):
    scores.sort(reverse=True)
    return scores[:2]
