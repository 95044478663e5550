# must: wrong_algorithm
# must_not: *
# problem: merge-intervals
# test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[[1,3],[2,6],[8,10]]", "expected_output": "[[1,6],[8,10]]", "actual_output": "[[1,6],[8,10]]", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[[8,10],[1,3],[2,6]]", "expected_output": "[[1,6],[8,10]]", "actual_output": "[[8,10],[1,6]]", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[[1,4],[0,4]]", "expected_output": "[[0,4]]", "actual_output": "[[1,4],[0,4]]", "passed": false, "verdict": "WA"}]}
def merge(intervals):
    merged = []
    for start, end in intervals:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return merged
