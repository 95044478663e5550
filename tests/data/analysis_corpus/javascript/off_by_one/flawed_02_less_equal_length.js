// must: off_by_one
// must_not: *
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "6", "actual_output": "NaN", "passed": false, "verdict": "WA"}], "all_passed": false, "pass_rate": 0.0}
function total(nums) {
  let sum = 0;
  for (let i = 0; i <= nums.length; i++) {
    sum += nums[i];
  }
  return sum;
}
