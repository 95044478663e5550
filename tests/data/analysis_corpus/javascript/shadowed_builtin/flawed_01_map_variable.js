// must: shadowed_builtin
// must_not: *
function frequencies(words) {
  const Map = {};
  for (const word of words) {
    Map[word] = (Map[word] || 0) + 1;
  }
  return Map;
}
