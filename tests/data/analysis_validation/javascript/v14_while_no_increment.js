// must: infinite_loop_risk
function sumTo(n) {
  let i = 1;
  let total = 0;
  while (i <= n) {
    total += i;
  }
  return total;
}
