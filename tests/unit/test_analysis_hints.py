"""The hint for slow code follows the problem's techniques and what the code does, never one
sentence for every problem, and never hands over code."""

from __future__ import annotations

import textwrap

import pytest

from codementor_desktop.analysis import analyze
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir

NEXT_WARMER = """
def days_until_warmer(temps):
    answer = [0] * len(temps)
    for i in range(len(temps)):
        for j in range(i + 1, len(temps)):
            if temps[j] > temps[i]:
                answer[i] = j - i
                break
    return answer
"""
PAIR = """
def pair_indexes(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
RANGE_SUMS = """
def count_ranges(nums, k):
    count = 0
    for i in range(len(nums)):
        total = 0
        for j in range(i, len(nums)):
            total += nums[j]
            if total == k:
                count += 1
    return count
"""
WAITS = """
def waits(temps):
    found = []
    for i in range(len(temps)):
        wait = 0
        for j in range(i + 1, len(temps)):
            if temps[j] > temps[i]:
                wait = j - i
                break
        found.append(wait)
    return found
"""


def _time_hints(code: str, problem: dict | None = None) -> list[str]:
    report = analyze(textwrap.dedent(code), "python", problem=problem)
    return [p["suggestion"] for p in report["detected_patterns"] if p["pattern_type"] == "suboptimal_time_complexity"]


@pytest.fixture(scope="module")
def bank():
    return load_bank([builtin_problems_dir()])


def test_a_stack_problem_gets_a_stack_hint_and_a_greedy_one_a_greedy_hint(bank):
    warmer = bank.get("days-until-warmer").model_dump(mode="json")
    hints = _time_hints(NEXT_WARMER, warmer)
    assert hints and "stack" in hints[0] and "two pointers" not in hints[0]
    trade = bank.get("max-profit-single-trade")
    greedy = _time_hints(trade.solutions.python_slow, trade.model_dump(mode="json"))
    assert greedy and "greedy" in greedy[0] and "stack" not in greedy[0]
    assert hints[0] != greedy[0]


@pytest.mark.parametrize(
    ("code", "word"),
    [(WAITS, "stack"), (PAIR, "hash map"), (RANGE_SUMS, "running total")],
)
def test_without_a_problem_the_pattern_found_chooses_the_hint(code, word):
    hints = _time_hints(code)
    assert hints and word in hints[0].lower(), hints


def test_no_two_slow_bank_solutions_of_different_techniques_share_one_sentence(bank):
    by_sentence: dict[str, set[tuple[str, ...]]] = {}
    for problem in bank.all():
        for hint in _time_hints(problem.solutions.python_slow, problem.model_dump(mode="json")):
            by_sentence.setdefault(hint, set()).add(tuple(problem.techniques))
    assert len(by_sentence) >= 10
    for hint, owners in by_sentence.items():
        assert "def " not in hint and "return " not in hint and "=" not in hint, hint
        assert len(owners) <= 2 or "memoization" in hint.lower(), (hint, owners)
