# must: none
# must_not: *
def longest_word(words):
    return max(words, key=len, default="")
