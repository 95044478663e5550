# must: none
# must_not: *
def compress(text):
    parts = []
    run = 1
    for i in range(len(text)):
        if i + 1 < len(text) and text[i] == text[i + 1]:
            run += 1
        else:
            parts.append(text[i] + str(run))
            run = 1
    return "".join(parts)
