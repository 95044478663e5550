# must: recursion_base_case
# must_not: *
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 5, "test_results": [{"test_id": 1, "input": "[1,2,3], 0", "expected_output": "6", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 5}], "all_passed": false, "pass_rate": 0.0}
def sum_from(nums, start):
    return nums[start] + sum_from(nums, start + 1)
