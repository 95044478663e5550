// must: none
// must_not: *
// history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "ReferenceError: count is not defined", "line_number": 5, "test_results": []}]
// test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "RangeError: Invalid array length", "line_number": 6, "test_results": [{"test_id": 1, "input": "-1", "expected_output": "[]", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "RangeError: Invalid array length", "line_number": 6}]}
function zeros(count) {
  return new Array(count).fill(0);
}
