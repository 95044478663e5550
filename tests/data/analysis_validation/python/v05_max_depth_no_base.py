# must: recursion_base_case
# may: missing_edge_case
class Solution:
    def maxDepth(self, root) -> int:
        return 1 + max(self.maxDepth(root.left), self.maxDepth(root.right))
