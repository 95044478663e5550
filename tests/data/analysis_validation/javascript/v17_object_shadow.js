// must: shadowed_builtin
function tally(words) {
  const Object = {};
  for (const w of words) Object[w] = (Object[w] || 0) + 1;
  return Object;
}
