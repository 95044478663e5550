# must: missing_edge_case
# test_results: {"status": "error", "error_type": "runtime_error", "error_message": "ZeroDivisionError: division by zero", "test_results": [{"test_id": 1, "input": "[]", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "ZeroDivisionError: division by zero", "line_number": 4}, {"test_id": 2, "input": "[1, 3]", "passed": true, "verdict": "AC"}]}
def mean(values):
    return sum(values) / len(values)
