// must: none
// must_not: *
function commonItems(first, second) {
  const allowed = new Set(second);
  return first.filter((item) => allowed.has(item));
}
