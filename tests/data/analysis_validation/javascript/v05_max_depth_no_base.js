// must: recursion_base_case
// may: missing_edge_case
var maxDepth = function (root) {
  return 1 + Math.max(maxDepth(root.left), maxDepth(root.right));
};
