// must: none
// must_not: *
function uniqueSorted(values) {
  const set = new Set(values);
  const array = [...set];
  return array.sort((a, b) => a - b);
}
