// must: off_by_one
// must_not: *
function search(nums, target) {
  let lo = 0;
  let hi = nums.length;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (nums[mid] === target) return mid;
    if (nums[mid] < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
