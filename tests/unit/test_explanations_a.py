"""The explanations of the arrays and strings problems: present, of a readable length, true to
the problem's complexity, and naming only variables the learner can find in the code shown."""

import re

import pytest

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.problems.model import Problem
from codementor_desktop.resources import builtin_problems_dir

TOPICS = ("arrays", "strings")
BANK = load_bank([builtin_problems_dir()])
PROBLEMS = [p for p in BANK.all() if p.topic in TOPICS]

WORD = re.compile(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*")
CODE_SPAN = re.compile(r"`([^`]+)`")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def explanation_faults(problem: Problem) -> list[str]:
    """What is wrong with a problem's explanation, in words; empty when nothing is."""
    text = problem.solutions.explanation
    if not text.strip():
        return ["no explanation"]
    faults = []
    words = len(WORD.findall(text))
    if not 90 <= words <= 220:
        faults.append(f"{words} words, not 90-220")
    # The cost the explanation gives must be the one the problem promises, and the slow way's.
    for label, cost in (
        ("time", problem.complexity.time),
        ("space", problem.complexity.space),
        ("slow time", problem.solutions.python_slow_time),
    ):
        if cost not in text:
            faults.append(f"the {label} {cost} is not mentioned")
    # A name in code font is a promise that the learner finds it in the code beside the text.
    shown = "\n".join((problem.solutions.python, problem.solutions.javascript, problem.statement))
    for span in CODE_SPAN.findall(text):
        if IDENTIFIER.fullmatch(span) and not re.search(rf"\b{re.escape(span)}\b", shown):
            faults.append(f"`{span}` is in neither reference nor the statement")
    return faults


def test_both_topics_are_all_here():
    assert BANK.errors == []
    assert sorted({p.topic for p in PROBLEMS}) == list(TOPICS)
    assert len(PROBLEMS) == 30


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.id)
def test_explanation_is_written_for_this_problem(problem):
    assert explanation_faults(problem) == []


def test_a_wrong_explanation_is_caught():
    """The check itself: an explanation with a stray name, a wrong cost and too few words fails."""
    two_sum = BANK.get("two-sum")
    assert two_sum is not None
    wrong = two_sum.model_copy(
        update={
            "solutions": two_sum.solutions.model_copy(
                update={"explanation": "Keep `lookup`, a dict of values; O(n log n) time."}
            )
        }
    )
    faults = explanation_faults(wrong)
    assert any("words" in f for f in faults)
    assert "the time O(n) is not mentioned" in faults
    assert any("`lookup`" in f for f in faults)
    assert any("slow time O(n^2)" in f for f in faults)
