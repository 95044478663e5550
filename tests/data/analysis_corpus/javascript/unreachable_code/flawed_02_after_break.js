// must: unreachable_code
// must_not: *
function firstNegative(nums) {
  let found = null;
  for (const value of nums) {
    if (value < 0) {
      found = value;
      break;
      console.log('found one');
    }
  }
  return found;
}
