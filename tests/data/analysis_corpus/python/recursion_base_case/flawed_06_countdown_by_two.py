# must: recursion_base_case
# must_not: *
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "RecursionError: maximum recursion depth exceeded in comparison (the recursion went too deep: is a base case missing?)", "line_number": 5, "test_results": [{"test_id": 1, "input": "4", "expected_output": "[4,2]", "actual_output": "[4,2]", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "5", "expected_output": "[5,3,1]", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "RecursionError: maximum recursion depth exceeded in comparison (the recursion went too deep: is a base case missing?)", "line_number": 5}], "all_passed": false, "pass_rate": 0.5}
def evens_down(n):
    if n == 0:
        return []
    return [n] + evens_down(n - 2)
