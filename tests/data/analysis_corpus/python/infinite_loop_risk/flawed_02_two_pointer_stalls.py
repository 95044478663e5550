# must: infinite_loop_risk
# must_not: *
# test_results: {"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": [{"test_id": 1, "input": "[1,2,3,4], 5", "expected_output": "[[1,4],[2,3]]", "actual_output": null, "passed": false, "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded"}], "all_passed": false, "pass_rate": 0.0}
def pairs_with_sum(sorted_nums, target):
    lo, hi = 0, len(sorted_nums) - 1
    pairs = []
    while lo < hi:
        total = sorted_nums[lo] + sorted_nums[hi]
        if total < target:
            lo += 1
        elif total > target:
            hi -= 1
        else:
            pairs.append([sorted_nums[lo], sorted_nums[hi]])
    return pairs
