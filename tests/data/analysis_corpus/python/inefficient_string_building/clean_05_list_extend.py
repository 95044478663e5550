# must: none
# must_not: *
def flatten(rows):
    flat = []
    for row in rows:
        flat += row
    return flat
