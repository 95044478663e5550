# must: none
# must_not: *
def count_land(grid):
    land = 0
    for r in range(len(grid)):
        for c in range(len(grid[r])):
            if grid[r][c] == 1:
                land += 1
    return land
