# must: suboptimal_time_complexity
def is_anagram(s: str, t: str) -> bool:
    if len(s) != len(t):
        return False
    for ch in s:
        if s.count(ch) != t.count(ch):
            return False
    return True
