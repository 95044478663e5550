// must: none
// must_not: *
function compress(text) {
  const parts = [];
  let run = 1;
  for (let i = 0; i < text.length; i++) {
    if (i + 1 < text.length && text[i] === text[i + 1]) {
      run++;
    } else {
      parts.push(text[i] + run);
      run = 1;
    }
  }
  return parts.join('');
}
