// must: suboptimal_time_complexity
// may: data_structure_choice
// must_not: *
function runningMedians(stream) {
  const window = [];
  const medians = [];
  for (const value of stream) {
    window.push(value);
    window.sort((a, b) => a - b);
    medians.push(window[Math.floor(window.length / 2)]);
  }
  return medians;
}
