"""Complexity: the bank's notation, the estimate from structure, the fit of counted operations."""

from __future__ import annotations

import math
import random

import pytest

from codementor_desktop.analysis import analyze, fit_complexity, measure_plan
from codementor_desktop.analysis.complexity_classes import loose_growth, parse_complexity

LADDER = [4, 6, 9, 12, 16, 21, 27, 35, 46, 60, 78, 101, 131, 170, 222, 288, 375, 487, 633, 823, 1070, 1391, 1808]
SHAPES = {
    "1": lambda n: 9.0,
    "log n": lambda n: 4 * math.log2(n) + 6,
    "n": lambda n: 3 * n + 20,
    "n log n": lambda n: 2 * n * math.log2(n) + 15,
    "n²": lambda n: 0.5 * n * n + 4 * n + 10,
    "n³": lambda n: n**3 / 6 + n * n,
    "2ⁿ": lambda n: 1.6**n + 5,
}


@pytest.mark.parametrize("label", list(SHAPES))
@pytest.mark.parametrize("noise", [0.0, 0.05])
def test_each_class_is_recovered_from_its_counts(label, noise):
    rng = random.Random(7)
    shape = SHAPES[label]
    sizes = [n for n in LADDER if n <= 40] if label == "2ⁿ" else [n for n in LADDER if shape(n) < 5e6]
    counts = [shape(n) * (1 + rng.uniform(-noise, noise)) for n in sizes]
    result = fit_complexity(sizes, counts)
    assert result["class"] == label, result["fits"]
    assert result["notation"] == f"O({label})"


def test_close_fits_go_to_the_simpler_class():
    # Linear counts with a small wobble: n log n fits them almost as well, n must win.
    sizes = [50, 100, 200, 400, 800]
    counts = [3 * n + 40 + (5 if i % 2 else -5) for i, n in enumerate(sizes)]
    assert fit_complexity(sizes, counts)["class"] == "n"


def test_too_few_or_bad_points_say_why():
    assert fit_complexity([10, 20], [5, 9])["class"] is None
    assert "positive" in fit_complexity([10, 20, 30], [5, 0, 9])["reason"]


def test_the_plan_climbs_the_generators_sizes_within_a_budget():
    plan = measure_plan({"generator": {"python": "def generate(n, rng): ...", "sizes": [400, 2000]}})
    sizes = plan["sizes"]
    assert sizes == sorted(sizes) and sizes[0] <= 5 and sizes[-1] == 2000 and len(sizes) >= 15
    assert plan["measure"] == "line_events" and plan["line_budget"] > 0
    small = measure_plan({"generator": {"sizes": [12, 16]}})
    assert small["sizes"] == list(range(2, 17))
    javascript = measure_plan({"generator": {"sizes": [100]}}, language="javascript")
    assert javascript["measure"] == "line_events" and javascript["repeats"] == 1 and "note" not in javascript


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("O(n)", "n"),
        ("O(n log n)", "n log n"),
        ("O(n^2)", "n²"),
        ("O(2^n * n)", "2ⁿ"),
        ("O(log n)", "log n"),
        ("O(n α(n))", "n"),
        ("O(1)", "1"),
    ],
)
def test_the_banks_notation_is_read(text, label):
    assert parse_complexity(text).growth.label == label


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("O(rows * cols)", "several variables"),
        ("O(V + E)", "several variables"),
        ("O(n * k)", "several variables"),
        ("O(1) per operation", "per operation"),
        ("O(n! * n)", "factorial"),
        ("O(n^2 + output)", "output"),
    ],
)
def test_notation_with_no_single_class_is_excluded_with_why(text, reason):
    parsed = parse_complexity(text)
    assert parsed.growth is None and reason in parsed.excluded


def test_several_sizes_are_read_loosely_for_comparison_only():
    assert loose_growth("O(rows * cols)").label == "n²" and loose_growth("O(V + E)").label == "n"


STRUCTURES = [
    (
        "def f(a, t):\n    lo, hi = 0, len(a) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if a[mid] < t:\n            lo = mid + 1\n        else:\n            hi = mid - 1\n    return lo\n",
        "O(log n)",
        "O(1)",
    ),
    (
        "def f(a):\n    best = 0\n    for x in sorted(a):\n        best = max(best, x)\n    return best\n",
        "O(n log n)",
        "O(n)",
    ),
    ("def f(n):\n    if n < 2:\n        return n\n    return f(n - 1) + f(n - 2)\n", "O(2ⁿ)", "O(n)"),
    (
        "from functools import cache\n\n@cache\ndef f(n):\n    if n < 2:\n        return n\n    return f(n - 1) + f(n - 2)\n",
        "O(n)",
        "O(n)",
    ),
    (
        "def f(t):\n    out = [0] * len(t)\n    stack = []\n    for i, x in enumerate(t):\n        while stack and t[stack[-1]] < x:\n            j = stack.pop()\n            out[j] = i - j\n        stack.append(i)\n    return out\n",
        "O(n)",
        "O(n)",
    ),
    (
        "def f(a):\n    if len(a) <= 1:\n        return a\n    mid = len(a) // 2\n    left, right = f(a[:mid]), f(a[mid:])\n    return sorted(left + right)\n",
        "O(n log n)",
        "O(n)",
    ),
    (
        "def f(a):\n    seen = []\n    for x in a:\n        if x in seen:\n            return True\n        seen.append(x)\n    return False\n",
        "O(n²)",
        "O(n)",
    ),
]


@pytest.mark.parametrize(("code", "time", "space"), STRUCTURES)
def test_the_structure_gives_time_and_space(code, time, space):
    complexity = analyze(code, "python")["complexity_analysis"]
    assert (complexity["time_complexity"], complexity["space_complexity"]) == (time, space), complexity["evidence"]


@pytest.mark.parametrize("label", ["1", "log n", "n", "n log n", "n²", "n² log n", "n log² n", "n⁴", "2ⁿ"])
def test_every_label_a_class_writes_reads_back_as_that_class(label):
    from codementor_desktop.analysis.complexity_classes import from_label

    growth = from_label(label)
    assert growth is not None and growth.label == label


ROWS_PY = """
def fewest_bricks_cut(rows):
    joints = {}
    best = 0
    for row in rows:
        edge = 0
        for i in range(len(row) - 1):
            edge += row[i]
            joints[edge] = joints.get(edge, 0) + 1
            best = max(best, joints[edge])
    return len(rows) - best
"""
ROWS_JS = """
function fewestBricksCut(rows) {
  const joints = new Map();
  let best = 0;
  for (const row of rows) {
    let edge = 0;
    for (let i = 0; i < row.length - 1; i++) {
      edge += row[i];
      const seen = (joints.get(edge) || 0) + 1;
      joints.set(edge, seen);
      if (seen > best) best = seen;
    }
  }
  return rows.length - best;
}
"""
TRIANGLE = """
def count_pairs(nums):
    total = 0
    for i in range(len(nums)):
        for j in range(i):
            if nums[i] + nums[j] == 0:
                total += 1
    return total
"""


@pytest.mark.parametrize(("code", "language"), [(ROWS_PY, "python"), (ROWS_JS, "javascript")])
def test_an_index_loop_over_one_row_is_not_another_pass_over_the_rows(code, language):
    """Each brick is read once: counting up to len(row) walks one row, as `for x in row` does, and
    must not be told it runs "2 nested loops over rows"."""
    result = analyze(code, language)
    assert result["complexity_analysis"]["time_complexity"] == "O(n)"
    assert [d["pattern_type"] for d in result["detected_patterns"]] == []


def test_counting_up_to_an_outer_index_is_still_a_triangle():
    result = analyze(TRIANGLE, "python")
    assert result["complexity_analysis"]["time_complexity"] == "O(n²)"


COPY_EACH_PAIR = """
def copy_bookings(bookings):
    out = []
    for i in range(len(bookings)):
        pair = list(bookings[i])
        out.append(pair)
    return out
"""


def test_copying_one_item_of_the_input_is_not_reading_all_of_it():
    """list(bookings[i]) copies one pair; list(bookings) inside the loop would copy them all."""
    assert analyze(COPY_EACH_PAIR, "python")["complexity_analysis"]["time_complexity"] == "O(n)"
    whole = COPY_EACH_PAIR.replace("list(bookings[i])", "list(bookings)")
    assert analyze(whole, "python")["complexity_analysis"]["time_complexity"] == "O(n²)"
