// must: none
// must_not: *
function regionSize(grid, r, c, seen) {
  if (r < 0 || c < 0 || r >= grid.length || c >= grid[0].length) return 0;
  const key = r * 1000 + c;
  if (seen.has(key) || grid[r][c] === 0) return 0;
  seen.add(key);
  let size = 1;
  for (const [dr, dc] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    size += regionSize(grid, r + dr, c + dc, seen);
  }
  return size;
}
