// must: none
// must_not: *
function factorial(n) {
  if (n <= 1) return 1;
  return n * factorial(n - 1);
}
