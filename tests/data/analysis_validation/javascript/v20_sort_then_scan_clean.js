// must: none
function minDifference(values) {
  const sorted = [...values].sort((a, b) => a - b);
  let best = Infinity;
  for (let i = 1; i < sorted.length; i++) best = Math.min(best, sorted[i] - sorted[i - 1]);
  return best;
}
