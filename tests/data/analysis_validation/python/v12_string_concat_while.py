# must: inefficient_string_building
def compress(chars: str) -> str:
    out = ""
    i = 0
    while i < len(chars):
        j = i
        while j < len(chars) and chars[j] == chars[i]:
            j += 1
        out += chars[i] + str(j - i)
        i = j
    return out
