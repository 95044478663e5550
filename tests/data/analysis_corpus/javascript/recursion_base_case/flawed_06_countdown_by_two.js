// must: recursion_base_case
// must_not: *
function evensDown(n) {
  if (n === 0) return [];
  return [n, ...evensDown(n - 2)];
}
