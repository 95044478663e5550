// must: none
var maxSubArray = function (nums) {
  let best = -Infinity;
  let current = 0;
  for (const x of nums) {
    current = Math.max(x, current + x);
    best = Math.max(best, current);
  }
  return best;
};
