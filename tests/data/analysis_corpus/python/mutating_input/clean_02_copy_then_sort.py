# must: none
# must_not: *
def top_two(scores):
    ranked = list(scores)
    ranked.sort(reverse=True)
    return ranked[:2]
