"""Every problem of the built-in bank explains its reference solutions.

The Solutions view shows this text beside the references once the learner has solved the
problem, so it has to talk about the code on show: its cost as the bank states it, and only
names that the reference or the statement really uses.
"""

from __future__ import annotations

import re

import pytest

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.problems.model import Problem
from codementor_desktop.resources import builtin_problems_dir

BANK = load_bank([builtin_problems_dir()])
OURS = sorted(BANK.problems)

_BACKTICKED = re.compile(r"`([^`\n]+)`")
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def unknown_names(problem: Problem) -> list[str]:
    """Backticked plain identifiers in the explanation that neither reference nor statement uses."""
    source = "\n".join([problem.solutions.python, problem.solutions.javascript, problem.statement])
    unknown = []
    for quoted in _BACKTICKED.findall(problem.solutions.explanation):
        if _IDENTIFIER.fullmatch(quoted) and not re.search(rf"\b{re.escape(quoted)}\b", source):
            unknown.append(quoted)
    return unknown


def test_the_whole_bank_loaded() -> None:
    # Guards the checks below from passing on an empty selection.
    assert [str(e) for e in BANK.errors] == []
    assert len(OURS) >= 90


@pytest.mark.parametrize("problem_id", OURS)
def test_explanation_is_there_and_of_a_readable_length(problem_id: str) -> None:
    words = len(BANK.problems[problem_id].solutions.explanation.split())
    assert 90 <= words <= 260, f"{problem_id}: {words} words"


@pytest.mark.parametrize("problem_id", OURS)
def test_explanation_states_the_banks_complexity(problem_id: str) -> None:
    problem = BANK.problems[problem_id]
    # Markdown reads a line break as a space, so a complexity may wrap across lines.
    text = " ".join(problem.solutions.explanation.split())
    assert problem.complexity.time in text
    assert problem.complexity.space in text
    assert leading_bound(problem.solutions.python_slow_time) in text


def leading_bound(text: str) -> str:
    """The first ``O(...)`` of a complexity written with words after it ("O(3^n) on powers of two")."""
    start = text.find("O(")
    if start < 0:
        return text
    depth = 0
    for index in range(start + 1, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return text[start : index + 1]
    return text


@pytest.mark.parametrize("problem_id", OURS)
def test_explanation_names_only_what_the_reference_uses(problem_id: str) -> None:
    assert unknown_names(BANK.problems[problem_id]) == []


def test_a_name_the_reference_never_uses_is_caught() -> None:
    problem = BANK.problems[OURS[0]]
    invented = problem.solutions.model_copy(
        update={"explanation": "Keep `frontier_of_doom` and `O(n)` while reading `" + problem.function.python + "`."}
    )
    assert unknown_names(problem.model_copy(update={"solutions": invented})) == ["frontier_of_doom"]
