// must: inefficient_string_building
// must_not: *
function lettersOnly(text) {
  let result = '';
  for (const ch of text) {
    if (/[a-z]/i.test(ch)) result += ch;
  }
  return result;
}
