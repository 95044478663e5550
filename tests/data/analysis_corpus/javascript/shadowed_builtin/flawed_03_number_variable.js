// must: shadowed_builtin
// must_not: *
function digits(text) {
  let Number = 0;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') Number = Number * 10 + (ch.charCodeAt(0) - 48);
  }
  return Number;
}
