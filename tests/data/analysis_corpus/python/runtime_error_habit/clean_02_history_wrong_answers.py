# must: missing_edge_case
# must_not: *
# history: [{"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2]", "passed": false, "verdict": "WA", "expected_output": "3", "actual_output": "2"}]}, {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2]", "passed": false, "verdict": "WA", "expected_output": "3", "actual_output": "2"}]}]
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 6, "test_results": [{"test_id": 2, "input": "[]", "expected_output": "null", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 6}]}
def peak(nums):
    best = nums[0]
    for value in nums:
        best = max(best, value)
    return best
