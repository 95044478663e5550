// must: missing_edge_case
// must_not: *
function minValue(root) {
  let node = root;
  while (node.left !== null) node = node.left;
  return node.val;
}
