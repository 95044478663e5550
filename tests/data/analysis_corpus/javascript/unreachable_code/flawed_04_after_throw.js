// must: unreachable_code
// must_not: *
function checkedRatio(a, b) {
  if (b === 0) {
    throw new Error('b must not be zero');
    return null;
  }
  return a / b;
}
