// must: off_by_one
// must_not: *
function countDrops(nums) {
  let drops = 0;
  for (let i = 0; i < nums.length; i++) {
    if (nums[i] > nums[i + 1]) drops++;
  }
  return drops;
}
