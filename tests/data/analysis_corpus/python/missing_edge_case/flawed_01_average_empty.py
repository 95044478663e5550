# must: missing_edge_case
# must_not: *
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "ZeroDivisionError: division by zero", "line_number": 5, "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "2.0", "actual_output": "2.0", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[]", "expected_output": "0.0", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "ZeroDivisionError: division by zero", "line_number": 5}], "all_passed": false, "pass_rate": 0.5}
def average(nums):
    return sum(nums) / len(nums)
