# must: none
# must_not: *
def render(grid):
    lines = []
    for row in grid:
        lines.append("".join("#" if cell else "." for cell in row))
    return "\n".join(lines)
