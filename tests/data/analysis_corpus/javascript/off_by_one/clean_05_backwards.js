// must: none
// must_not: *
function reversedCopy(nums) {
  const out = [];
  for (let i = nums.length - 1; i >= 0; i--) out.push(nums[i]);
  return out;
}
