// must: data_structure_choice, suboptimal_time_complexity
// must_not: *
function commonItems(first, second) {
  const shared = [];
  for (const item of first) {
    if (second.indexOf(item) !== -1) shared.push(item);
  }
  return shared;
}
