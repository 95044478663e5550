# must: none
# must_not: *
def collatz_steps(n):
    steps = 0
    while True:
        if n == 1:
            return steps
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
