# must: none
# must_not: *
# problem: number-of-islands
def num_islands(grid):
    rows, cols = len(grid), len(grid[0])
    seen = [[False] * cols for _ in range(rows)]

    def visit(r, c):
        if r < 0 or c < 0 or r >= rows or c >= cols or seen[r][c] or grid[r][c] != 1:
            return
        seen[r][c] = True
        visit(r + 1, c)
        visit(r - 1, c)
        visit(r, c + 1)
        visit(r, c - 1)

    islands = 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == 1 and not seen[r][c]:
                islands += 1
                visit(r, c)
    return islands
