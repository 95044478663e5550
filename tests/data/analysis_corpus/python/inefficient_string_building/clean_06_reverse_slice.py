# must: none
# must_not: *
def reverse_words(sentence):
    words = sentence.split()
    return " ".join(reversed(words))
