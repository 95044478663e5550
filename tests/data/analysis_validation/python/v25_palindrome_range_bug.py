# must: off_by_one
def is_palindrome(s):
    n = len(s)
    for i in range(n // 2 + 1):
        if s[i] != s[n - i]:
            return False
    return True
