# must: mutating_input
# must_not: *
def drain_total(stack):
    total = 0
    while stack:
        total += stack.pop()
    return total
