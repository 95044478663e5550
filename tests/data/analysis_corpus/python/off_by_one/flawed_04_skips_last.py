# must: off_by_one
# must_not: *
# test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "\"banana\", \"a\"", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "\"aba\", \"a\"", "expected_output": "2", "actual_output": "1", "passed": false, "verdict": "WA"}], "all_passed": false, "pass_rate": 0.5}
def count_letter(text, letter):
    count = 0
    for i in range(len(text) - 1):
        if text[i] == letter:
            count += 1
    return count
