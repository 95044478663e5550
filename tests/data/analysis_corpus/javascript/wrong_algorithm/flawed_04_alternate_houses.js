// must: wrong_algorithm
// must_not: *
// problem: house-robber
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,3,1]", "expected_output": "4", "actual_output": "4", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[2,1,1,2]", "expected_output": "4", "actual_output": "3", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[4,1,2,7,5,3,1]", "expected_output": "14", "actual_output": "12", "passed": false, "verdict": "WA"}]}
function rob(nums) {
  let even = 0;
  let odd = 0;
  nums.forEach((value, index) => {
    if (index % 2 === 0) even += value;
    else odd += value;
  });
  return Math.max(even, odd);
}
