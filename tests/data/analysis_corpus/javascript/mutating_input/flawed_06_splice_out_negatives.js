// must: mutating_input
// must_not: *
function dropFirstNegative(nums) {
  const at = nums.findIndex((value) => value < 0);
  if (at !== -1) nums.splice(at, 1);
  return nums.length;
}
