// must: wrong_algorithm
// must_not: *
// problem: coin-change
// test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,5], 11", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[1,3,4], 6", "expected_output": "2", "actual_output": "3", "passed": false, "verdict": "WA"}, {"test_id": 3, "input": "[186,419,83,408], 6249", "expected_output": "20", "actual_output": "-1", "passed": false, "verdict": "WA"}, {"test_id": 4, "input": "[2], 3", "expected_output": "-1", "actual_output": "-1", "passed": true, "verdict": "AC"}]}
function coinChange(coins, amount) {
  const ordered = [...coins].sort((a, b) => b - a);
  let count = 0;
  for (const coin of ordered) {
    const take = Math.floor(amount / coin);
    count += take;
    amount -= take * coin;
  }
  return amount === 0 ? count : -1;
}
