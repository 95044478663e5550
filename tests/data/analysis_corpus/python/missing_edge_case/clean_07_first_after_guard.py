# must: none
# must_not: *
# test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 1, "input": "[]", "expected_output": "-1", "actual_output": "-1", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[4,2]", "expected_output": "4", "actual_output": "4", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
def first_or_default(nums):
    if len(nums) == 0:
        return -1
    return nums[0]
