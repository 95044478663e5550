# must: off_by_one
# must_not: *
# test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[3,1,2]", "expected_output": "6", "actual_output": "4", "passed": false, "verdict": "WA"}, {"test_id": 2, "input": "[5]", "expected_output": "5", "actual_output": "0", "passed": false, "verdict": "WA"}]}
def total(nums):
    result = 0
    for i in range(len(nums) - 1):
        result += nums[i]
    return result
