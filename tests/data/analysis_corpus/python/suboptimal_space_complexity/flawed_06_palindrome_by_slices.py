# must: suboptimal_space_complexity
# may: suboptimal_time_complexity
# must_not: *
def is_palindrome(s):
    if len(s) < 2:
        return True
    if s[0] != s[-1]:
        return False
    return is_palindrome(s[1:-1])
