// must: infinite_loop_risk
// must_not: *
function length(head) {
  let count = 0;
  let node = head;
  while (node !== null) {
    count++;
  }
  return count;
}
