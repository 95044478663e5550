// must: none
// must_not: *
function evensDoubled(nums) {
  const result = [];
  for (const value of nums) {
    if (value % 2 === 0) result.push(value * 2);
  }
  return result;
}
