// must: inefficient_string_building
// must_not: *
function render(grid) {
  let text = '';
  for (const row of grid) {
    for (const cell of row) {
      text += cell ? '#' : '.';
    }
    text += '\n';
  }
  return text;
}
