// must: suboptimal_time_complexity, data_structure_choice
// must_not: *
function hasDuplicate(values) {
  const seen = [];
  for (const value of values) {
    if (seen.includes(value)) return true;
    seen.push(value);
  }
  return false;
}
