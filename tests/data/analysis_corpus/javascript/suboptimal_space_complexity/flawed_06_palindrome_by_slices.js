// must: suboptimal_space_complexity
// may: suboptimal_time_complexity
// must_not: *
function isPalindrome(s) {
  if (s.length < 2) return true;
  if (s[0] !== s[s.length - 1]) return false;
  return isPalindrome(s.slice(1, -1));
}
