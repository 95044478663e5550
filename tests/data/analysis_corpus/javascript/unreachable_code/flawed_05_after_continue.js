// must: unreachable_code
// must_not: *
function positives(nums) {
  const out = [];
  for (const value of nums) {
    if (value <= 0) {
      continue;
      out.push(0);
    }
    out.push(value);
  }
  return out;
}
