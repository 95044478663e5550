// must: off_by_one
// must_not: *
function largest(nums) {
  let best = -Infinity;
  for (let i = 1; i <= nums.length; i++) {
    best = Math.max(best, nums[i]);
  }
  return best;
}
