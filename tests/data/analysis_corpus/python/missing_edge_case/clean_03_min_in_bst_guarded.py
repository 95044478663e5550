# must: none
# must_not: *
def min_value(root):
    if root is None:
        return None
    node = root
    while node.left is not None:
        node = node.left
    return node.val
