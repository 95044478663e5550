# must: wrong_algorithm
# must_not: *
# problem: maximum-subarray-sum
# test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "6", "actual_output": "6", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[-2,1,-3,4,-1,2,1,-5,4]", "expected_output": "6", "actual_output": "12", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[5,-9,6]", "expected_output": "6", "actual_output": "11", "passed": false, "verdict": "WA"}, {"test_id": 4, "input": "[-1,-2]", "expected_output": "-1", "actual_output": "-1", "passed": true, "verdict": "AC"}]}
def max_sub_array(nums):
    positives = [value for value in nums if value > 0]
    if not positives:
        return max(nums)
    return sum(positives)
