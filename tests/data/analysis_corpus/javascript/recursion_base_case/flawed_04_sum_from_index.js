// must: recursion_base_case
// must_not: *
// test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "RangeError: Maximum call stack size exceeded (the recursion went too deep: is a base case missing?)", "line_number": 5, "test_results": [{"test_id": 1, "input": "[1,2,3], 0", "expected_output": "6", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "RangeError: Maximum call stack size exceeded (the recursion went too deep: is a base case missing?)", "line_number": 5}], "all_passed": false, "pass_rate": 0.0}
function sumFrom(nums, start) {
  return nums[start] + sumFrom(nums, start + 1);
}
