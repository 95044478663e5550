# must: data_structure_choice
# may: suboptimal_time_complexity
# must_not: *
def merge_all(sticks):
    pool = list(sticks)
    cost = 0
    while len(pool) > 1:
        first = min(pool)
        pool.remove(first)
        second = min(pool)
        pool.remove(second)
        cost += first + second
        pool.append(first + second)
    return cost
