"""The measured complexity of bank solutions, on a fixed sample (the whole bank is in
benchmarks/analysis_quality.py): line events counted in this process at the sizes of
measure_plan, fitted, with the documented complexity hidden from the estimator."""

from __future__ import annotations

import pytest

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from tests.analysis_counts import documented, measured_class

# One or two per class and per input shape (array, string, tree, list, integer).
SAMPLE = [
    "two-sum",
    "merge-intervals",
    "search-rotated-sorted-array",
    "three-sum-zero",
    "climbing-stairs",
    "counting-bits",
    "longest-increasing-subsequence",
    "balanced-brackets",
    "min-diff-bst",
    "remove-duplicate-nodes",
    # From the 60 problems added to reach 150: a cubic slow way, a tree, interval DP, a sort.
    "four-list-zero-sum",
    "tree-cameras",
    "burst-balloons",
    "can-attend-all-meetings",
]


@pytest.fixture(scope="module")
def bank():
    return load_bank([builtin_problems_dir()])


@pytest.mark.parametrize("problem_id", SAMPLE)
def test_the_measured_class_is_the_documented_one(bank, problem_id):
    problem = bank.get(problem_id)
    for code, text in (
        (problem.solutions.python, problem.complexity.time),
        (problem.solutions.python_slow, problem.solutions.python_slow_time),
    ):
        want, why = documented(text)
        assert want is not None, why
        got, fit = measured_class(problem, code)
        assert got == want, (text, fit)


def test_another_seed_gives_the_same_class(bank):
    problem = bank.get("longest-increasing-subsequence")
    first, _ = measured_class(problem, problem.solutions.python_slow, seed_offset=0)
    second, _ = measured_class(problem, problem.solutions.python_slow, seed_offset=1)
    assert first == second


def test_problems_with_several_sizes_are_excluded_with_the_reason():
    assert documented("O(rows * cols)")[1].startswith("several variables")
    assert documented("O(C)")[1] == "in terms of C, which the generator's size does not set alone"
