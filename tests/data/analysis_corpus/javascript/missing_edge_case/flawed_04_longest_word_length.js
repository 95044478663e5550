// must: missing_edge_case
// must_not: *
// test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 6, "test_results": [{"test_id": 1, "input": "[\"a\",\"abc\"]", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[]", "expected_output": "0", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 6}], "all_passed": false, "pass_rate": 0.5}
function longestLength(words) {
  const sorted = [...words].sort((a, b) => b.length - a.length);
  return sorted[0].length;
}
