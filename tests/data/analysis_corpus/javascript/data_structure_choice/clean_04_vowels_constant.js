// must: none
// must_not: *
function countVowels(text) {
  let count = 0;
  for (const ch of text.toLowerCase()) {
    if ('aeiou'.includes(ch)) count++;
  }
  return count;
}
