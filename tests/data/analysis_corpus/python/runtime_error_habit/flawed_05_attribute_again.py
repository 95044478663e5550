# must: runtime_error_habit
# may: missing_edge_case
# must_not: *
# history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "AttributeError: 'NoneType' object has no attribute 'val'", "line_number": 4, "test_results": []}, {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "AttributeError: 'NoneType' object has no attribute 'next'", "line_number": 6, "test_results": []}]
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "AttributeError: 'NoneType' object has no attribute 'val'", "line_number": 7, "test_results": [{"test_id": 1, "input": "[]", "expected_output": "null", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "AttributeError: 'NoneType' object has no attribute 'val'", "line_number": 7}]}
def first_value(head):
    return head.val
