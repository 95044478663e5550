# must: none
# must_not: *
# problem: coin-change
# test_results: {"status": "completed", "verdict": "AC", "test_results": [{"test_id": 1, "input": "[1,2,5], 11", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[1,3,4], 6", "expected_output": "2", "actual_output": "2", "passed": true, "verdict": "AC"}], "all_passed": true, "pass_rate": 1.0}
def coin_change(coins, amount):
    fewest = [0] + [amount + 1] * amount
    for total in range(1, amount + 1):
        for coin in coins:
            if coin <= total:
                fewest[total] = min(fewest[total], fewest[total - coin] + 1)
    return fewest[amount] if fewest[amount] <= amount else -1
