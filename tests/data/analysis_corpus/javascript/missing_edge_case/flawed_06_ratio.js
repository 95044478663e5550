// must: missing_edge_case
// must_not: *
// problem: three-sum-zero
function threeSumZero(nums) {
  const sorted = [...nums].sort((a, b) => a - b);
  if (sorted[0] > 0) return [];
  const seen = new Set();
  const triples = [];
  for (let i = 0; i < sorted.length - 2; i++) {
    let lo = i + 1;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const total = sorted[i] + sorted[lo] + sorted[hi];
      if (total === 0) {
        const key = `${sorted[i]},${sorted[lo]},${sorted[hi]}`;
        if (!seen.has(key)) {
          seen.add(key);
          triples.push([sorted[i], sorted[lo], sorted[hi]]);
        }
        lo++;
        hi--;
      } else if (total < 0) lo++;
      else hi--;
    }
  }
  return triples;
}
