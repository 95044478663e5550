// must: none
// must_not: *
function summary(nums) {
  const result = { Number: nums.length, Map: 'none' };
  result.String = String(nums.length);
  return result;
}
