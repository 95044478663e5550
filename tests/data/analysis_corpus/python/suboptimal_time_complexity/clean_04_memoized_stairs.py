# must: none
# must_not: *
# problem: climbing-stairs
from functools import lru_cache


def climb_stairs(n):
    @lru_cache(maxsize=None)
    def ways(step):
        if step <= 1:
            return 1
        return ways(step - 1) + ways(step - 2)

    return ways(n)
