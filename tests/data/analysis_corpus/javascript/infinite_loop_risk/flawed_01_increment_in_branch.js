// must: infinite_loop_risk
// must_not: *
function countPositive(nums) {
  let i = 0;
  let count = 0;
  while (i < nums.length) {
    if (nums[i] > 0) {
      count++;
      i++;
    }
  }
  return count;
}
