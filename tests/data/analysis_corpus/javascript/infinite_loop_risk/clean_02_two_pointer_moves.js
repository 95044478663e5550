// must: none
// must_not: *
function pairsWithSum(sortedNums, target) {
  let lo = 0;
  let hi = sortedNums.length - 1;
  const pairs = [];
  while (lo < hi) {
    const total = sortedNums[lo] + sortedNums[hi];
    if (total < target) lo++;
    else if (total > target) hi--;
    else {
      pairs.push([sortedNums[lo], sortedNums[hi]]);
      lo++;
      hi--;
    }
  }
  return pairs;
}
