// must: missing_edge_case
// must_not: *
// test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 5, "test_results": [{"test_id": 2, "input": "[]", "expected_output": "0", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 5}]}
function firstLength(words) {
  return words[0].length;
}
