// must: mutating_input
// must_not: *
function topTwo(scores) {
  scores.sort((a, b) => b - a);
  return scores.slice(0, 2);
}
