// must: none
// must_not: *
function digitSum(text) {
  let total = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') total += Number(ch);
  }
  return total;
}
