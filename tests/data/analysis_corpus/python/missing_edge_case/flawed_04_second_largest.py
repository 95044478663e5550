# must: missing_edge_case
# must_not: *
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 6, "test_results": [{"test_id": 1, "input": "[3,1,2]", "expected_output": "2", "actual_output": "2", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[5]", "expected_output": "null", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 6}], "all_passed": false, "pass_rate": 0.5}
def second_largest(nums):
    distinct = sorted(set(nums))
    return distinct[-2]
