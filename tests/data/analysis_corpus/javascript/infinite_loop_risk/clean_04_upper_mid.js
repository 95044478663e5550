// must: none
// must_not: *
function lastNotAbove(nums, target) {
  let lo = 0;
  let hi = nums.length - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (nums[mid] <= target) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
