# must: missing_edge_case
# must_not: *
# problem: three-sum-zero
def three_sum_zero(nums):
    ordered = sorted(nums)
    if ordered[0] > 0:
        return []
    triples = set()
    for i in range(len(ordered)):
        seen = set()
        for j in range(i + 1, len(ordered)):
            need = -ordered[i] - ordered[j]
            if need in seen:
                triples.add((ordered[i], need, ordered[j]))
            seen.add(ordered[j])
    return [list(t) for t in sorted(triples)]
