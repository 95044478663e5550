// must: shadowed_builtin
// must_not: *
function parseInt(text) {
  let value = 0;
  for (const ch of text) value = value * 10 + (ch.charCodeAt(0) - 48);
  return value;
}
