# must: suboptimal_time_complexity
# must_not: *
def fewest_coins(coins, amount):
    if amount == 0:
        return 0
    if amount < 0:
        return -1
    best = -1
    for coin in coins:
        rest = fewest_coins(coins, amount - coin)
        if rest >= 0 and (best < 0 or rest + 1 < best):
            best = rest + 1
    return best
