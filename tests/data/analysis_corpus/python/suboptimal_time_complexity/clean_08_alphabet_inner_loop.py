# must: none
# must_not: *
def letters_missing_per_word(words):
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    missing = []
    for word in words:
        present = set(word)
        gaps = 0
        for letter in alphabet:
            if letter not in present:
                gaps += 1
        missing.append(gaps)
    return missing
