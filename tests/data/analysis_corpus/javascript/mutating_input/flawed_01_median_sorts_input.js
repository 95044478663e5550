// must: mutating_input
// must_not: *
function median(nums) {
  if (nums.length === 0) return null;
  nums.sort((a, b) => a - b);
  return nums[Math.floor(nums.length / 2)];
}
