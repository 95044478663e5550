// must: none
// must_not: *
function minValue(root) {
  if (root === null) return null;
  let node = root;
  while (node.left !== null) node = node.left;
  return node.val;
}
