# must: wrong_algorithm
# must_not: *
# problem: house-robber
# test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,3,1]", "expected_output": "4", "actual_output": "4", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[2,1,1,2]", "expected_output": "4", "actual_output": "3", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[5]", "expected_output": "5", "actual_output": "5", "passed": true, "verdict": "AC"}, {"test_id": 4, "input": "[2,7,9,3,1]", "expected_output": "12", "actual_output": "12", "passed": true, "verdict": "AC"}, {"test_id": 5, "input": "[4,1,2,7,5,3,1]", "expected_output": "14", "actual_output": "12", "passed": false, "verdict": "WA"}]}
def rob(nums):
    even_total = sum(nums[0::2])
    odd_total = sum(nums[1::2])
    return max(even_total, odd_total)
