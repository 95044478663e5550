# must: none
# must_not: *
from bisect import bisect_left


def count_smaller_than(values, queries):
    ordered = sorted(values)
    answers = []
    for query in queries:
        answers.append(bisect_left(ordered, query))
    return answers
