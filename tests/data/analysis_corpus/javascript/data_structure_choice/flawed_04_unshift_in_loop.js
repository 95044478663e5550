// must: data_structure_choice
// may: suboptimal_time_complexity
// must_not: *
function reverseWords(words) {
  const result = [];
  for (const word of words) {
    result.unshift(word);
  }
  return result;
}
