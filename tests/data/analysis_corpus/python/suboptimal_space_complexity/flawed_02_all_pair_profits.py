# must: suboptimal_space_complexity, suboptimal_time_complexity
# must_not: *
# problem: max-profit-single-trade
def max_profit(prices):
    profits = []
    for buy in range(len(prices)):
        for sell in range(buy + 1, len(prices)):
            profits.append(prices[sell] - prices[buy])
    return max(profits, default=0)
