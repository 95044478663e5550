# must: none
# must_not: *
import heapq


def merge_all(sticks):
    pool = list(sticks)
    heapq.heapify(pool)
    cost = 0
    while len(pool) > 1:
        first = heapq.heappop(pool)
        second = heapq.heappop(pool)
        cost += first + second
        heapq.heappush(pool, first + second)
    return cost
