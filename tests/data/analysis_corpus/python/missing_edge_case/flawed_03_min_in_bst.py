# must: missing_edge_case
# must_not: *
def min_value(root):
    node = root
    while node.left is not None:
        node = node.left
    return node.val
