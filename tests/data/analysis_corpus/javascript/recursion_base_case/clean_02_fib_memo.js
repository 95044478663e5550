// must: none
// must_not: *
function fib(n, memo = new Map()) {
  if (n <= 1) return n;
  if (!memo.has(n)) memo.set(n, fib(n - 1, memo) + fib(n - 2, memo));
  return memo.get(n);
}
