// must: infinite_loop_risk
// must_not: *
// test_results: {"status": "error", "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded", "test_results": [{"test_id": 1, "input": "[1,2,3,4], 5", "expected_output": "[[1,4],[2,3]]", "actual_output": null, "passed": false, "verdict": "TLE", "error_type": "timeout", "error_message": "Time limit exceeded"}], "all_passed": false, "pass_rate": 0.0}
function pairsWithSum(sortedNums, target) {
  let lo = 0;
  let hi = sortedNums.length - 1;
  const pairs = [];
  while (lo < hi) {
    const total = sortedNums[lo] + sortedNums[hi];
    if (total < target) lo++;
    else if (total > target) hi--;
    else pairs.push([sortedNums[lo], sortedNums[hi]]);
  }
  return pairs;
}
