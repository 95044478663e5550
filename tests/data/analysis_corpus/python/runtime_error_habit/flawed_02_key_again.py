# must: runtime_error_habit
# must_not: *
# history: [{"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "KeyError: 'x'", "line_number": 4, "test_results": [{"test_id": 1, "input": "\"x\"", "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "KeyError: 'x'", "line_number": 4}]}]
# test_results: {"status": "error", "verdict": "RE", "error_type": "runtime_error", "error_message": "KeyError: 'z'", "line_number": 10, "test_results": [{"test_id": 1, "input": "\"ab\", \"abz\"", "expected_output": "false", "actual_output": null, "passed": false, "verdict": "RE", "error_type": "runtime_error", "error_message": "KeyError: 'z'", "line_number": 10}]}
def can_build(note, magazine):
    counts = {}
    for letter in magazine:
        counts[letter] = counts.get(letter, 0) + 1
    for letter in note:
        counts[letter] -= 1
        if counts[letter] < 0:
            return False
    return True
