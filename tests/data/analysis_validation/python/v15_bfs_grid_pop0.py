# must: data_structure_choice
# may: suboptimal_time_complexity
def shortest_path(grid):
    rows, cols = len(grid), len(grid[0])
    queue = [(0, 0, 1)]
    seen = {(0, 0)}
    while queue:
        r, c, d = queue.pop(0)
        if (r, c) == (rows - 1, cols - 1):
            return d
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == 0 and (nr, nc) not in seen:
                seen.add((nr, nc))
                queue.append((nr, nc, d + 1))
    return -1
