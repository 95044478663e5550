# must: wrong_algorithm
# must_not: *
# problem: coin-change
# test_results: {"status": "completed", "verdict": "WA", "test_results": [{"test_id": 1, "input": "[1,2,5], 11", "expected_output": "3", "actual_output": "3", "passed": true, "verdict": "AC"}, {"test_id": 2, "input": "[2], 3", "expected_output": "-1", "actual_output": "-1", "passed": true, "verdict": "AC"}, {"test_id": 3, "input": "[1,3,4], 6", "expected_output": "2", "actual_output": "3", "passed": false, "verdict": "WA"}, {"test_id": 4, "input": "[2,5,10,1], 27", "expected_output": "4", "actual_output": "4", "passed": true, "verdict": "AC"}, {"test_id": 5, "input": "[186,419,83,408], 6249", "expected_output": "20", "actual_output": "-1", "passed": false, "verdict": "WA"}], "all_passed": false, "pass_rate": 0.6}
def coin_change(coins, amount):
    count = 0
    for coin in sorted(coins, reverse=True):
        take = amount // coin
        count += take
        amount -= take * coin
    return count if amount == 0 else -1
