// must: off_by_one
// must_not: *
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[3,1,2]", "expected_output": "6", "actual_output": "4", "passed": false, "verdict": "WA"}, {"test_id": 2, "input": "[5]", "expected_output": "5", "actual_output": "0", "passed": false, "verdict": "WA"}]}
function total(nums) {
  let result = 0;
  for (let i = 0; i < nums.length - 1; i++) result += nums[i];
  return result;
}
