"""What /debug tells a learner must be right: the findings of checking it on programs written
elsewhere (``test_debug_on_quixbugs.py``), each held here on a small program of its own."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext

# The function's own `i` stays 0 on line 3; the comprehension (the callback) on that line binds an
# `i` of its own, which is not the one the learner's expectation means.
SHADOWED = {
    "python": """def pairs(nums, k):
    i = 0
    found = sum(1 for i in range(len(nums)) for j in range(i + 1, len(nums)) if nums[i] + nums[j] == k)
    return found + i
""",
    "javascript": """function pairs(nums, k) {
  const i = 0;
  const found = nums.filter((i) => i > k).length;
  return found + i;
}
""",
}
I_IS_ZERO = {"python": "i == 0", "javascript": "i === 0"}


def debug(services, language, code, plan, input_data):
    arguments = {"language": language, "code": code, "plan": plan, "input_data": input_data}
    result = services.registry.call("bp_debug_plan", arguments, ToolContext(caller=Caller.PERSON))
    assert result.get("status") != "error", result
    return result


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_a_line_runs_once_though_a_comprehension_or_callback_on_it_runs_many_times(services, language):
    plan = [{"text": "count the pairs, i untouched", "lines": [3], "expect": I_IS_ZERO[language]}]
    result = debug(services, language, SHADOWED[language], plan, [[1, 2, 3, 4], 5])
    step = result["steps"][0]
    # Checked in the comprehension's frame, it "broke" with the comprehension's i = 1, and a line
    # run once was said to have been checked a dozen times.
    assert step["status"] == "held", result["report"]
    assert step["evaluations"] == 1
    assert "held the one time it was checked" in result["report"]


# QuixBugs' bucketsort (MIT License, https://github.com/jkoppel/QuixBugs): it walks `arr` where it
# meant `counts`, so `count` is a value of arr, not a count.
BUCKETSORT = """def bucketsort(arr, k):
    counts = [0] * k
    for x in arr:
        counts[x] += 1
    sorted_arr = []
    for i, count in enumerate(arr):
        sorted_arr.extend([i] * count)
    return sorted_arr
"""


def test_only_numbers_used_as_positions_in_an_array_are_drawn_as_its_pointers(services):
    plan = [{"text": "write each value i as many times as it was counted", "lines": [7],
             "expect": "count == arr.count(i)"}]  # fmt: skip
    result = debug(services, "python", BUCKETSORT, plan, [[3, 11, 2, 9, 1, 5], 12])
    assert result["first_broken"] == 1
    (drawing,) = [d for d in result["structures"] if d["source"]["variable"] == "arr"]
    # count = 3 was drawn as an arrow under arr[3] (9), and i = 0 under arr[0]: neither is a
    # position in arr, and the picture told the learner they were.
    assert "count" not in drawing["content"] and "^" not in drawing["content"], drawing["content"]

    plan = [{"text": "split the list into two halves, neither empty", "lines": [6], "expect": "0 < middle < len(arr)"}]
    halves = "def halves(arr):\n    if len(arr) == 0:\n        return [arr]\n    else:\n        middle = len(arr) // 2\n" \
        "        return halves(arr[:middle]) + halves(arr[middle:])\n"  # fmt: skip
    result = debug(services, "python", halves, plan, [7])
    (drawing,) = [d for d in result["structures"] if d["source"]["variable"] == "arr"]
    assert "middle" in drawing["content"]  # arr[:middle]: a position in arr, drawn as one


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_an_expectation_on_the_line_that_sets_its_name_is_not_called_misspelt(services, language):
    code = {
        "python": "def mid_of(nums):\n    lo, hi = 0, len(nums)\n    mid = (lo + hi) // 2\n    return mid\n",
        "javascript": "function midOf(nums) {\n  let lo = 0, hi = nums.length;\n  const mid = Math.floor((lo + hi) / 2);\n"
        "  return mid;\n}\n",
    }[language]
    expect = {"python": "lo <= mid < hi", "javascript": "lo <= mid && mid < hi"}[language]
    plan = [{"text": "take the middle", "lines": [3], "expect": expect}]
    result = debug(services, language, code, plan, [1, 2, 3])
    step = result["steps"][0]
    assert step["status"] == "unreadable", result["report"]
    # It said the expectation "raised NameError every time", which reads as a misspelt name.
    assert "uses mid, which line 3 itself sets" in step["error"]
    assert "mark the line after it" in result["report"]
