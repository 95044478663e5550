# must: runtime_error_habit
# must_not: *
# history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: '<' not supported between instances of 'NoneType' and 'int'", "line_number": 5, "test_results": []}]
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'", "line_number": 8, "test_results": [{"test_id": 3, "input": "[1,null,2]", "expected_output": "3", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'", "line_number": 8}]}
def path_total(values):
    total = 0
    for value in values:
        total = total + value
    return total
