# must: none
# must_not: *
# problem: climbing-stairs
def climb_stairs(n):
    below, here = 1, 1
    for _ in range(n - 1):
        below, here = here, below + here
    return here
