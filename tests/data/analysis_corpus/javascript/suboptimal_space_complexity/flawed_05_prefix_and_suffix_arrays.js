// must: suboptimal_space_complexity
// must_not: *
// problem: balance-index
function balanceIndex(nums) {
  const n = nums.length;
  const left = new Array(n).fill(0);
  const right = new Array(n).fill(0);
  for (let i = 1; i < n; i++) left[i] = left[i - 1] + nums[i - 1];
  for (let i = n - 2; i >= 0; i--) right[i] = right[i + 1] + nums[i + 1];
  for (let i = 0; i < n; i++) {
    if (left[i] === right[i]) return i;
  }
  return -1;
}
