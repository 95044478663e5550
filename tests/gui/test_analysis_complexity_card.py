"""The complexity card says which one gave the time: the reading of the code, or the counted
operations when that reading rests on a guess."""

from __future__ import annotations

import pytest

from codementor_desktop.analysis import analyze
from codementor_desktop.gui.analysis.cards import AnalysisCards

pytestmark = pytest.mark.gui

# Doubles a table until it reaches n: the loop bound is a guess, the work is linear.
DOUBLING = """def count_bits(n):
    ones = [0]
    while len(ones) <= n:
        ones += [count + 1 for count in ones]
    return ones[:n + 1]
"""
NESTED = """def pairs(nums):
    total = 0
    for i in range(len(nums)):
        for j in range(i + 1, len(nums)):
            total += nums[i] * nums[j]
    return total
"""


def _counts(n: int) -> int:
    """Line events of DOUBLING at n, counted the way the judge counts them."""
    length, events = 1, 1
    while length <= n:
        events += 2 + length
        length *= 2
    return events + 1


@pytest.fixture
def cards(qtbot):
    widget = AnalysisCards()
    qtbot.addWidget(widget)
    widget.resize(520, 480)
    widget.show()
    return widget


def test_a_guessed_bound_is_decided_by_the_measurement_and_the_card_says_so(cards):
    sizes = [2**k for k in range(3, 14)]
    result = analyze(DOUBLING, "python", measurement={"sizes": sizes, "counts": [_counts(n) for n in sizes]})
    complexity = result["complexity_analysis"]
    assert complexity["time_complexity"] == "O(n)"
    assert complexity["evidence"]["time_from"]["source"] == "measurement"
    cards.set_result(result)
    text = cards.complexity.text()
    assert "Time measured" in text and "line events grow as n from n=8 to n=8192" in text


def test_a_sure_reading_of_the_code_speaks_for_itself(cards):
    sizes = [10, 20, 40, 80, 160, 320]
    counts = [n * n // 2 + 3 * n for n in sizes]
    result = analyze(NESTED, "python", measurement={"sizes": sizes, "counts": counts})
    assert result["complexity_analysis"]["evidence"]["time_from"]["source"] == "structure"
    cards.set_result(result)
    text = cards.complexity.text()
    assert "Time read from the code" in text and "O(n²) from line 3" in text
