# must: inefficient_string_building
# must_not: *
def render(grid):
    text = ""
    for row in grid:
        for cell in row:
            text += "#" if cell else "."
        text += "\n"
    return text
