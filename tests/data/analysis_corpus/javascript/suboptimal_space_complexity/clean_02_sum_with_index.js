// must: none
// must_not: *
function total(nums, start = 0) {
  if (start === nums.length) return 0;
  return nums[start] + total(nums, start + 1);
}
