// must: unreachable_code
// must_not: *
function clamp(value, low, high) {
  if (value < low) return low;
  if (value > high) return high;
  return value;
  console.log('clamped', value);
}
