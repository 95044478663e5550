// must: inefficient_string_building
// must_not: *
function reverseText(text) {
  let reversed = '';
  for (const ch of text) {
    reversed = ch + reversed;
  }
  return reversed;
}
