// must: recursion_base_case
// may: missing_edge_case
// must_not: *
function height(node) {
  if (node.left === null && node.right === null) return 1;
  return 1 + Math.max(height(node.left), height(node.right));
}
