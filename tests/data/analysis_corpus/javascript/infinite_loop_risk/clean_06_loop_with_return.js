// must: none
// must_not: *
function collatzSteps(n) {
  let steps = 0;
  for (;;) {
    if (n === 1) return steps;
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
}
