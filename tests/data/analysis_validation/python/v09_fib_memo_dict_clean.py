# must: none
def tribonacci(n, cache={0: 0, 1: 1, 2: 1}):
    if n in cache:
        return cache[n]
    cache[n] = tribonacci(n - 1) + tribonacci(n - 2) + tribonacci(n - 3)
    return cache[n]
