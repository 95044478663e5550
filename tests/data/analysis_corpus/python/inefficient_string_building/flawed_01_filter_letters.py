# must: inefficient_string_building
# must_not: *
def letters_only(text):
    result = ""
    for ch in text:
        if ch.isalpha():
            result += ch
    return result
