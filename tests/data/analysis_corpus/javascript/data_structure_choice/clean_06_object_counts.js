// must: none
// must_not: *
function counts(words) {
  const seen = {};
  for (const word of words) {
    if (word in seen) seen[word] += 1;
    else seen[word] = 1;
  }
  return seen;
}
