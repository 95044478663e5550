// must: unreachable_code
function isEven(n) {
  return n % 2 === 0;
  n = n + 1;
}
