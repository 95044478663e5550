// must: none
// must_not: *
// problem: climbing-stairs
function climbStairs(n) {
  let below = 1;
  let here = 1;
  for (let i = 1; i < n; i++) {
    [below, here] = [here, below + here];
  }
  return here;
}
