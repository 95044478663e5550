// must: mutating_input
// must_not: *
function withTotal(values) {
  values.push(values.reduce((a, b) => a + b, 0));
  return values;
}
