# must: shadowed_builtin
# must_not: *
def longest_word(words):
    best = ""
    for str in words:
        if len(str) > len(best):
            best = str
    return best
