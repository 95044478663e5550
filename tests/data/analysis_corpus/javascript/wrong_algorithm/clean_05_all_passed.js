// must: none
// must_not: *
// problem: maximum-subarray-sum
// test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 1, "input": "[-2,1,-3,4,-1,2,1,-5,4]", "expected_output": "6", "actual_output": "6", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
function maxSubArray(nums) {
  let best = nums[0];
  let current = nums[0];
  for (let i = 1; i < nums.length; i++) {
    current = Math.max(nums[i], current + nums[i]);
    best = Math.max(best, current);
  }
  return best;
}
