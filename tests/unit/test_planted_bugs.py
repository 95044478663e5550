"""The planted bugs of the fault-localization corpus: each differs from its reference on its own
line only, every operator appears on the bank, and the corpus's order is the same every time."""

from __future__ import annotations

from collections import Counter

import pytest

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir
from tests.planted_bugs import OPERATORS, planted_bugs, sample


@pytest.fixture(scope="module")
def bank():
    return load_bank([builtin_problems_dir()])


@pytest.mark.parametrize("language", ["python", "javascript"])
def test_each_bug_changes_its_own_line_and_no_other(bank, language):
    seen: Counter[str] = Counter()
    for problem in bank.all():
        reference = problem.reference_solution(language)
        for bug in planted_bugs(reference, language):
            before, after = reference.splitlines(), bug.code.splitlines()
            assert len(before) == len(after), (problem.id, bug.operator)
            differing = [i + 1 for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
            assert differing == [bug.line], (problem.id, bug.operator, differing)
            assert after[bug.line - 1] == bug.planted_line and before[bug.line - 1] == bug.original_line
            seen[bug.operator] += 1
    expected = (
        set(OPERATORS)
        if language == "python"
        else set(OPERATORS) - {"wrong_variable", "arguments_swapped", "base_case"}
    )
    assert set(seen) == expected


def test_the_order_is_fixed_by_the_seed_and_takes_the_operators_in_turn(bank):
    reference = bank.get("two-sum").reference_solution("python")
    bugs = planted_bugs(reference, "python")
    first, again = sample(bugs, 0, "0:two-sum"), sample(list(reversed(bugs)), 0, "0:two-sum")
    assert first == again and sorted(first, key=repr) == sorted(bugs, key=repr)
    operators = {b.operator for b in bugs}
    assert len({b.operator for b in first[: len(operators)]}) == len(operators)
    assert sample(bugs, 0, "1:two-sum") != first
