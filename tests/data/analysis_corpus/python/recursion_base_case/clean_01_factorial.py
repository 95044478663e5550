# must: none
# must_not: *
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)
