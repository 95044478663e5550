# must: suboptimal_time_complexity
def unique_paths(m: int, n: int) -> int:
    def walk(r, c):
        if r == m - 1 or c == n - 1:
            return 1
        return walk(r + 1, c) + walk(r, c + 1)

    return walk(0, 0)
