"""Lines guessed for a plan's steps from their words and the code's names, in order."""

from __future__ import annotations

from codementor_desktop.analysis.plan_anchors import guess_lines, line_score

TWO_POINTERS = """def pair_sum(nums, target):
    nums.sort()
    left, right = 0, len(nums) - 1
    while left < right:
        total = nums[left] + nums[right]
        if total == target:
            return [left, right]
        if total < target:
            left += 1
        else:
            right -= 1
    return []
"""
STACK_JS = """function isBalanced(s) {
  const partner = new Map([[')', '('], [']', '['], ['}', '{']]);
  const stack = [];
  for (const ch of s) {
    if (partner.has(ch)) {
      if (stack.pop() !== partner.get(ch)) return false;
    } else {
      stack.push(ch);
    }
  }
  return stack.length === 0;
}
"""


def test_each_step_finds_the_line_its_words_describe():
    steps = [
        "sort the numbers",
        "one pointer at each end",
        "loop until they meet",
        "add the two numbers",
        "move left when the sum is too small",
        "return an empty list when nothing works",
    ]
    assert guess_lines(steps, TWO_POINTERS) == [(2,), (3,), (4,), (5,), (9,), (12,)]


def test_javascript_spellings_are_matched_too():
    steps = ["a map from closing to opening bracket", "an empty stack", "for each character",
             "push an opening bracket", "balanced when the stack is empty at the end"]  # fmt: skip
    guessed = guess_lines(steps, STACK_JS, "javascript")
    assert guessed[0] == (2,) and guessed[1] == (3,) and guessed[2] == (4,)
    assert guessed[3] == (8,) and guessed[4] == (11,)


def test_guessed_lines_follow_the_steps_order():
    # "return" alone would match both returns; the step after the loop takes the last one.
    steps = ["loop while the pointers have not crossed", "if the sum is too small move left", "return nothing found"]
    guessed = guess_lines(steps, TWO_POINTERS)
    assert guessed[0] == (4,) and guessed[2] == (12,)
    assert guessed[0][0] < guessed[1][0] < guessed[2][0]


def test_a_step_whose_words_match_nothing_gets_no_line():
    assert guess_lines(["think about quantum chromodynamics"], TWO_POINTERS) == [()]
    assert guess_lines(["anything"], "") == [()]
    assert guess_lines([], TWO_POINTERS) == []


def test_headers_and_blank_lines_are_never_guessed():
    guessed = guess_lines(["define the function pair sum"], TWO_POINTERS)
    assert 1 not in guessed[0]


def test_words_match_name_parts_and_close_spellings():
    assert line_score(["visited"], "    visit_count = 0") > 0
    assert line_score(["counts"], "    countsByLetter = {}") > 0
    assert line_score(["zebra"], "    visit_count = 0") == 0
