# must: none
# must_not: *
# problem: max-profit-single-trade
def max_profit(prices):
    lowest = prices[0]
    best = 0
    for price in prices:
        lowest = min(lowest, price)
        best = max(best, price - lowest)
    return best
