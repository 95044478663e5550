// must: wrong_algorithm
// must_not: *
// problem: maximum-subarray-sum
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "6", "actual_output": "6", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[-2,1,-3,4,-1,2,1,-5,4]", "expected_output": "6", "actual_output": "12", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[5,-9,6]", "expected_output": "6", "actual_output": "11", "passed": false, "verdict": "WA"}]}
function maxSubArray(nums) {
  const positives = nums.filter((value) => value > 0);
  if (positives.length === 0) return Math.max(...nums);
  return positives.reduce((a, b) => a + b, 0);
}
