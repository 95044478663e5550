# must: none
from functools import cache


def unique_paths(m: int, n: int) -> int:
    @cache
    def walk(r, c):
        if r == m - 1 or c == n - 1:
            return 1
        return walk(r + 1, c) + walk(r, c + 1)

    return walk(0, 0)
