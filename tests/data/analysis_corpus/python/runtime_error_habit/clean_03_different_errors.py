# must: missing_edge_case
# must_not: *
# history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "KeyError: 'x'", "line_number": 4, "test_results": []}]
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "ZeroDivisionError: division by zero", "line_number": 6, "test_results": [{"test_id": 4, "input": "[]", "expected_output": "0", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "ZeroDivisionError: division by zero", "line_number": 6}]}
def mean(nums):
    return sum(nums) / len(nums)
