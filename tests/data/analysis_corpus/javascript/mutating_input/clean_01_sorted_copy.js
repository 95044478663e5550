// must: none
// must_not: *
function median(nums) {
  if (nums.length === 0) return null;
  const ordered = [...nums].sort((a, b) => a - b);
  return ordered[Math.floor(ordered.length / 2)];
}
