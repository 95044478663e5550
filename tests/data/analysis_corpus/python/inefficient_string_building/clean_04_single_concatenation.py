# must: none
# must_not: *
def full_name(first, last):
    name = first.strip()
    name += " " + last.strip()
    return name.title()
