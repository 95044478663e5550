// must: runtime_error_habit
// must_not: *
// history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 3, "test_results": []}, {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2]", "passed": false, "verdict": "WA", "expected_output": "3", "actual_output": "2"}]}, {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'length')", "line_number": 3, "test_results": []}]
// test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'push')", "line_number": 8, "test_results": [{"test_id": 1, "input": "[\"a\",\"b\"]", "expected_output": "{}", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading 'push')", "line_number": 8}]}
function groupByFirst(words) {
  const groups = {};
  for (const word of words) {
    groups[word[0]].push(word);
  }
  return groups;
}
