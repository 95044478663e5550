# must: mutating_input
# must_not: *
def can_spell(word, letter_counts):
    for letter in word:
        if letter_counts.get(letter, 0) == 0:
            return False
        letter_counts[letter] -= 1
    return True
