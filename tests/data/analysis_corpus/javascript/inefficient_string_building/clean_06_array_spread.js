// must: none
// must_not: *
function flatten(rows) {
  let flat = [];
  for (const row of rows) {
    flat.push(...row);
  }
  return flat;
}
