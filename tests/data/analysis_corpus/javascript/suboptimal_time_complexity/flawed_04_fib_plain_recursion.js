// must: suboptimal_time_complexity
// must_not: *
// problem: climbing-stairs
function climbStairs(n) {
  if (n <= 2) return n;
  return climbStairs(n - 1) + climbStairs(n - 2);
}
