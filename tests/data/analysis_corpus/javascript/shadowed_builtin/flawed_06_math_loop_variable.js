// must: shadowed_builtin
// must_not: *
function biggest(groups) {
  let best = 0;
  for (const Math of groups) {
    if (Math.length > best) best = Math.length;
  }
  return best;
}
