// must: recursion_base_case
// may: suboptimal_time_complexity
// must_not: *
function fib(n) {
  if (n === 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
