// must: suboptimal_time_complexity
// must_not: *
// problem: balance-index
function balanceIndex(nums) {
  const add = (a, b) => a + b;
  for (let i = 0; i < nums.length; i++) {
    const left = nums.slice(0, i).reduce(add, 0);
    const right = nums.slice(i + 1).reduce(add, 0);
    if (left === right) return i;
  }
  return -1;
}
