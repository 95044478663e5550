// must: none
// must_not: *
function topTwo(scores) {
  return scores.slice().sort((a, b) => b - a).slice(0, 2);
}
