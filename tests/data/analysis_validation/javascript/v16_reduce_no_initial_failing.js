// must: missing_edge_case
// test_results: {"status": "error", "error_type": "runtime_error", "error_message": "TypeError: Reduce of empty array with no initial value", "test_results": [{"test_id": 1, "input": "[]", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Reduce of empty array with no initial value", "line_number": 3}, {"test_id": 2, "input": "[4, 5]", "passed": true, "verdict": "AC"}]}
function largest(nums) {
  return nums.reduce((a, b) => Math.max(a, b));
}
