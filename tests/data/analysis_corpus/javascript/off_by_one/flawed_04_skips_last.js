// must: off_by_one
// must_not: *
function countLetter(text, letter) {
  let count = 0;
  for (let i = 0; i < text.length - 1; i++) {
    if (text[i] === letter) count++;
  }
  return count;
}
