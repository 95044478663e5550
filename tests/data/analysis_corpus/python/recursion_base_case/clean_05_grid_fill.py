# must: none
# must_not: *
def region_size(grid, r, c, seen):
    if r < 0 or c < 0 or r >= len(grid) or c >= len(grid[0]):
        return 0
    if (r, c) in seen or grid[r][c] == 0:
        return 0
    seen.add((r, c))
    size = 1
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        size += region_size(grid, r + dr, c + dc, seen)
    return size
