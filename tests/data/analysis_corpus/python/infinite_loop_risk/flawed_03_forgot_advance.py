# must: infinite_loop_risk
# must_not: *
def length(head):
    count = 0
    node = head
    while node is not None:
        count += 1
    return count
