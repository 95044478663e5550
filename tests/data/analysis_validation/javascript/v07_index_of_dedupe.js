// must: suboptimal_time_complexity, data_structure_choice
function intersection(a, b) {
  const result = [];
  for (const x of a) {
    if (b.indexOf(x) >= 0 && result.indexOf(x) === -1) result.push(x);
  }
  return result;
}
