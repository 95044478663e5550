// must: wrong_algorithm
// must_not: *
// problem: merge-intervals
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[[1,3],[2,6],[8,10]]", "expected_output": "[[1,6],[8,10]]", "actual_output": "[[1,6],[8,10]]", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[[8,10],[1,3],[2,6]]", "expected_output": "[[1,6],[8,10]]", "actual_output": "[[8,10],[1,6]]", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[[1,4],[0,4]]", "expected_output": "[[0,4]]", "actual_output": "[[1,4],[0,4]]", "passed": false, "verdict": "WA"}]}
function merge(intervals) {
  const merged = [];
  for (const [start, end] of intervals) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}
