// must: suboptimal_space_complexity
// may: suboptimal_time_complexity
// must_not: *
function total(nums) {
  if (nums.length === 0) return 0;
  return nums[0] + total(nums.slice(1));
}
