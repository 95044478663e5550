# must: inefficient_string_building
# must_not: *
def sentence(words):
    out = ""
    for word in words:
        out = out + word + " "
    return out.strip()
