// must: runtime_error_habit
// may: off_by_one
// must_not: *
// history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading '0')", "line_number": 5, "test_results": []}, {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading '0')", "line_number": 5, "test_results": []}]
// test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading '0')", "line_number": 9, "test_results": [{"test_id": 1, "input": "[[1,2],[3,4]]", "expected_output": "3", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: Cannot read properties of undefined (reading '0')", "line_number": 9}]}
function belowSum(grid) {
  let total = 0;
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid[r].length; c++) total += grid[r + 1][c];
  }
  return total;
}
