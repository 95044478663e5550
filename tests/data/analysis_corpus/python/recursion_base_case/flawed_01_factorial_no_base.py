# must: recursion_base_case
# must_not: *
def factorial(n):
    return n * factorial(n - 1)
