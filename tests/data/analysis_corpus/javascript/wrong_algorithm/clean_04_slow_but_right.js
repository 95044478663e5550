// must: suboptimal_time_complexity
// must_not: *
// problem: two-sum
// test_results: {"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": [{"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]", "actual_output": "[0,1]", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "(hidden)", "expected_output": "(hidden)", "actual_output": null, "passed": false, "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded"}]}
function twoSum(nums, target) {
  for (let i = 0; i < nums.length; i++) {
    for (let j = i + 1; j < nums.length; j++) {
      if (nums[i] + nums[j] === target) return [i, j];
    }
  }
  return [];
}
