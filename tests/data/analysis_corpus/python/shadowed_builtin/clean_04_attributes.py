# must: none
# must_not: *
class Node:
    def __init__(self, val, next=None):
        self.val = val
        self.next = next


def to_list(head):
    values = []
    while head is not None:
        values.append(head.val)
        head = head.next
    return values
