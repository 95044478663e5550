// must: suboptimal_space_complexity
// must_not: *
// problem: climbing-stairs
function climbStairs(n) {
  const ways = new Array(n + 1).fill(0);
  ways[0] = 1;
  ways[1] = 1;
  for (let step = 2; step <= n; step++) {
    ways[step] = ways[step - 1] + ways[step - 2];
  }
  return ways[n];
}
