// must: none
// must_not: *
// problem: coin-change
// test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 1, "input": "[1,2,5], 11", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[1,3,4], 6", "expected_output": "2", "actual_output": "2", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
function coinChange(coins, amount) {
  const fewest = new Array(amount + 1).fill(Infinity);
  fewest[0] = 0;
  for (let total = 1; total <= amount; total++) {
    for (const coin of coins) {
      if (coin <= total) fewest[total] = Math.min(fewest[total], fewest[total - coin] + 1);
    }
  }
  return fewest[amount] === Infinity ? -1 : fewest[amount];
}
