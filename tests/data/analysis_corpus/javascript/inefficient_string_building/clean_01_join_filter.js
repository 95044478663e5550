// must: none
// must_not: *
function lettersOnly(text) {
  return [...text].filter((ch) => /[a-z]/i.test(ch)).join('');
}
