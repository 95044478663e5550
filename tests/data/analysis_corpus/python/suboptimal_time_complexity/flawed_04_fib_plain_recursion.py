# must: suboptimal_time_complexity
# must_not: *
# problem: climbing-stairs
def climb_stairs(n):
    if n <= 2:
        return n
    return climb_stairs(n - 1) + climb_stairs(n - 2)
