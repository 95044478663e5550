# must: none
# must_not: *
def digit_sum(text):
    total = 0
    for ch in text:
        if ch.isdigit():
            total += int(ch)
    return total
