// must: none
// must_not: *
function countLand(grid) {
  let land = 0;
  for (let r = 0; r < grid.length; r++) {
    for (let c = 0; c < grid[r].length; c++) {
      if (grid[r][c] === 1) land++;
    }
  }
  return land;
}
