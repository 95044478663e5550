// must: recursion_base_case
// must_not: *
function factorial(n) {
  return n * factorial(n - 1);
}
