// must: none
// must_not: *
function longestLength(words) {
  if (!words.length) return 0;
  const sorted = [...words].sort((a, b) => b.length - a.length);
  return sorted[0].length;
}
