// must: none
// must_not: *
// history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 3, "test_results": []}, {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 3, "test_results": []}]
// test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 2, "input": "[]", "expected_output": "0", "actual_output": "0", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
function firstLength(words) {
  if (words.length === 0) return 0;
  return words[0].length;
}
