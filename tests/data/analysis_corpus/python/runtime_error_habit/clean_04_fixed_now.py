# must: none
# must_not: *
# history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3, "test_results": [{"test_id": 2, "input": "[]", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3}]}, {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3, "test_results": [{"test_id": 2, "input": "[]", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3}]}]
# test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 1, "input": "[4,1]", "expected_output": "4", "actual_output": "4", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[]", "expected_output": "null", "actual_output": "null", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
def peak(nums):
    if not nums:
        return None
    best = nums[0]
    for value in nums:
        best = max(best, value)
    return best
