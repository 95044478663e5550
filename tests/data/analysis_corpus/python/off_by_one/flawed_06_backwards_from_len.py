# must: off_by_one
# must_not: *
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 7, "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "[3,2,1]", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 7}], "all_passed": false, "pass_rate": 0.0}
def reversed_copy(nums):
    out = []
    for i in range(len(nums), 0, -1):
        out.append(nums[i])
    return out
