// must: none
// must_not: *
// problem: three-sum-zero
function threeSumZero(nums) {
  const sorted = [...nums].sort((a, b) => a - b);
  const triples = [];
  for (let i = 0; i < sorted.length - 2; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    let lo = i + 1;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const total = sorted[i] + sorted[lo] + sorted[hi];
      if (total < 0) lo++;
      else if (total > 0) hi--;
      else {
        triples.push([sorted[i], sorted[lo], sorted[hi]]);
        lo++;
        hi--;
        while (lo < hi && sorted[lo] === sorted[lo - 1]) lo++;
      }
    }
  }
  return triples;
}
