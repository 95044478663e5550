// must: none
// must_not: *
// problem: climbing-stairs
function climbStairs(n) {
  const memo = new Map();
  function ways(step) {
    if (step <= 1) return 1;
    if (memo.has(step)) return memo.get(step);
    const total = ways(step - 1) + ways(step - 2);
    memo.set(step, total);
    return total;
  }
  return ways(n);
}
