# must: shadowed_builtin
# must_not: *
def frequencies(words):
    dict = {}
    for word in words:
        dict[word] = dict.get(word, 0) + 1
    return dict
