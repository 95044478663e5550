# must: none
# must_not: *
def longest_without_repeat(s):
    last_seen = {}
    start = 0
    best = 0
    for end, letter in enumerate(s):
        while letter in last_seen and last_seen[letter] >= start:
            start = last_seen[letter] + 1
        last_seen[letter] = end
        best = max(best, end - start + 1)
    return best
