// must: wrong_algorithm
// must_not: *
// problem: longest-increasing-subsequence
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[10,9,2,5,3,7,101,18]", "expected_output": "4", "actual_output": "3", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[0,1,0,3,2,3]", "expected_output": "4", "actual_output": "2", "passed": false, "verdict": "WA"}]}
function lengthOfLIS(nums) {
  let best = 1;
  let run = 1;
  for (let i = 1; i < nums.length; i++) {
    if (nums[i] > nums[i - 1]) {
      run++;
      best = Math.max(best, run);
    } else {
      run = 1;
    }
  }
  return best;
}
