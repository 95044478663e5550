# must: runtime_error_habit, off_by_one
# must_not: *
# history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3, "test_results": [{"test_id": 2, "input": "[]", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3}]}, {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2]", "passed": false, "verdict": "WA", "expected_output": "3", "actual_output": "2"}]}, {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3, "test_results": [{"test_id": 2, "input": "[]", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 3}]}]
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 8, "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "[3,5]", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "IndexError: list index out of range", "line_number": 8}]}
def pair_sums(nums):
    sums = []
    for i in range(len(nums)):
        sums.append(nums[i] + nums[i + 1])
    return sums
