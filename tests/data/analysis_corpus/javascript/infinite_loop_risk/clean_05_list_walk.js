// must: none
// must_not: *
function length(head) {
  let count = 0;
  for (let node = head; node !== null; node = node.next) count++;
  return count;
}
