// must: none
// must_not: *
function render(grid) {
  const lines = [];
  for (const row of grid) {
    lines.push(row.map((cell) => (cell ? '#' : '.')).join(''));
  }
  return lines.join('\n');
}
