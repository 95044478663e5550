// must: mutating_input
// must_not: *
// problem: number-of-islands
function numIslands(grid) {
  const rows = grid.length;
  const cols = grid[0].length;
  function sink(r, c) {
    if (r < 0 || c < 0 || r >= rows || c >= cols || grid[r][c] !== 1) return;
    grid[r][c] = 0;
    sink(r + 1, c);
    sink(r - 1, c);
    sink(r, c + 1);
    sink(r, c - 1);
  }
  let islands = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (grid[r][c] === 1) {
        islands++;
        sink(r, c);
      }
    }
  }
  return islands;
}
