// must: off_by_one
// must_not: *
function reversedCopy(nums) {
  const out = [];
  for (let i = nums.length; i >= 0; i--) {
    out.push(nums[i]);
  }
  return out;
}
