// must: none
// must_not: *
function find(nums, target, lo, hi) {
  if (lo > hi) return -1;
  const mid = Math.floor((lo + hi) / 2);
  if (nums[mid] === target) return mid;
  if (nums[mid] < target) return find(nums, target, mid + 1, hi);
  return find(nums, target, lo, mid - 1);
}
