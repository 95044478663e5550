# must: infinite_loop_risk
# must_not: *
# history: [{"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": []}]
# test_results: {"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": [{"test_id": 1, "input": "[1,2,3]", "expected_output": "3", "actual_output": null, "passed": false, "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded"}]}
def count_items(nums):
    i = 0
    while i < len(nums):
        if nums[i] > 0:
            i += 1
    return i
