# must: none
# must_not: *
def letters_only(text):
    return "".join(ch for ch in text if ch.isalpha())
