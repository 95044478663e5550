# must: none
def compress(chars: str) -> str:
    out = []
    i = 0
    while i < len(chars):
        j = i
        while j < len(chars) and chars[j] == chars[i]:
            j += 1
        out.append(chars[i] + str(j - i))
        i = j
    return "".join(out)
