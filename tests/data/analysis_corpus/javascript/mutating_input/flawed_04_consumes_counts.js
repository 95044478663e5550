// must: mutating_input
// must_not: *
function canSpell(word, letterCounts) {
  for (const letter of word) {
    if (!letterCounts[letter]) return false;
    letterCounts[letter] -= 1;
  }
  return true;
}
