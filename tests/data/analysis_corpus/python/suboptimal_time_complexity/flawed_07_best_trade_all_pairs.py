# must: suboptimal_time_complexity
# must_not: *
# problem: max-profit-single-trade
def max_profit(prices):
    best = 0
    for buy in range(len(prices)):
        for sell in range(buy + 1, len(prices)):
            best = max(best, prices[sell] - prices[buy])
    return best
