# must: none
# must_not: *
def read_until_blank(lines):
    taken = []
    index = 0
    while True:
        if index >= len(lines) or not lines[index].strip():
            break
        taken.append(lines[index])
        index += 1
    return taken
