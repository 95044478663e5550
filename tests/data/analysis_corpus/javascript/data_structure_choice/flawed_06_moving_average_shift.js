// must: data_structure_choice
// may: suboptimal_time_complexity
// must_not: *
function movingAverage(values, size) {
  const window = [];
  let total = 0;
  const averages = [];
  for (const value of values) {
    window.push(value);
    total += value;
    if (window.length > size) total -= window.shift();
    averages.push(total / window.length);
  }
  return averages;
}
