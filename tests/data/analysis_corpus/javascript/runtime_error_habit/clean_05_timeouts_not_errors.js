// must: infinite_loop_risk
// must_not: *
// history: [{"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": []}]
// test_results: {"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "3", "actual_output": null, "passed": false, "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded"}]}
function countItems(nums) {
  let i = 0;
  while (i < nums.length) {
    if (nums[i] > 0) i++;
  }
  return i;
}
