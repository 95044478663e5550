# must: missing_edge_case
# must_not: *
def cheapest(prices):
    lowest = prices[0]
    for price in prices:
        if price < lowest:
            lowest = price
    return lowest
