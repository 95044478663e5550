// must: suboptimal_time_complexity
// may: data_structure_choice
// must_not: *
function uniqueValues(values) {
  return values.filter((value, index) => values.indexOf(value) === index);
}
