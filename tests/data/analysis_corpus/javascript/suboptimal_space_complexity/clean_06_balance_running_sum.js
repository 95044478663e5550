// must: none
// must_not: *
// problem: balance-index
function balanceIndex(nums) {
  let total = 0;
  for (const value of nums) total += value;
  let left = 0;
  for (let i = 0; i < nums.length; i++) {
    if (left === total - left - nums[i]) return i;
    left += nums[i];
  }
  return -1;
}
