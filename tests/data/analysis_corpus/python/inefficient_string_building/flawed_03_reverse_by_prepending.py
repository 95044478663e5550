# must: inefficient_string_building
# must_not: *
def reverse_text(text):
    reversed_text = ""
    for ch in text:
        reversed_text = ch + reversed_text
    return reversed_text
