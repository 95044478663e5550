# must: shadowed_builtin
def longest(words):
    len = 0
    for word in words:
        if word.__len__() > len:
            len = word.__len__()
    return len
