# must: none
# must_not: *
# problem: maximum-subarray-sum
# test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 1, "input": "[-2,1,-3,4,-1,2,1,-5,4]", "expected_output": "6", "actual_output": "6", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[-1,-2]", "expected_output": "-1", "actual_output": "-1", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
def max_sub_array(nums):
    best = current = nums[0]
    for value in nums[1:]:
        current = max(value, current + value)
        best = max(best, current)
    return best
