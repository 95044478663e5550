// must: none
// must_not: *
function describe(point) {
  const label = `(${point.x}, ${point.y})`;
  return 'Point ' + label;
}
