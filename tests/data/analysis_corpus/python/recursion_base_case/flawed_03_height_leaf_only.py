# must: recursion_base_case
# may: missing_edge_case
# must_not: *
def height(node):
    if node.left is None and node.right is None:
        return 1
    return 1 + max(height(node.left), height(node.right))
