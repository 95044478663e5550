# must: unreachable_code
def is_power_of_two(n: int) -> bool:
    if n <= 0:
        return False
    return n & (n - 1) == 0
    n = n // 2
