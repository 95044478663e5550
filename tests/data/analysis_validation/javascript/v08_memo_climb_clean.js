// must: none
const climbStairs = (n) => {
  const memo = {};
  const go = (k) => {
    if (k <= 1) return 1;
    if (memo[k] !== undefined) return memo[k];
    memo[k] = go(k - 1) + go(k - 2);
    return memo[k];
  };
  return go(n);
};
