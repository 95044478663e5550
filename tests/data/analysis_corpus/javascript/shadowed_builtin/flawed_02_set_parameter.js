// must: shadowed_builtin
// must_not: *
function countIn(Set, values) {
  let count = 0;
  for (const value of values) {
    if (Set[value]) count++;
  }
  return count;
}
