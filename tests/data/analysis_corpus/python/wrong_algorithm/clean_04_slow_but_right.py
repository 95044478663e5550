# must: suboptimal_time_complexity
# must_not: *
# problem: two-sum
# test_results: {"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": [{"test_id": 1, "input": "[2,7,11,15], 9", "expected_output": "[0,1]", "actual_output": "[0,1]", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "(hidden)", "expected_output": "(hidden)", "actual_output": null, "passed": false, "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded"}]}
def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
