"""The explanations of the hash_maps and trees problems: present, long enough to teach, faithful to
the file's complexity, and naming only variables the learner can find in the references."""

import re

import pytest

from codementor_desktop.domain.vocabulary import Topic
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.resources import builtin_problems_dir

TOPICS = {Topic("hash_maps"), Topic("trees")}
PROBLEMS = [p for p in load_bank([builtin_problems_dir()]).all() if p.topic in TOPICS]
INLINE_CODE = re.compile(r"`([^`\n]+)`")
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def words(text: str) -> int:
    return len(text.split())


def leading_bound(cost: str) -> str:
    """The first `O(...)` of a cost, its parentheses balanced: "O(n * min(n, k))" of "O(n * min(n, k)) worst"."""
    start = cost.index("O(")
    depth = 0
    for end in range(start + 1, len(cost)):
        depth += {"(": 1, ")": -1}.get(cost[end], 0)
        if depth == 0:
            return cost[start : end + 1]
    raise ValueError(f"unbalanced cost {cost!r}")


def named_variables(explanation: str) -> list[str]:
    """Inline code spans that are one plain identifier (`left`, `seen`), not expressions."""
    return [span for span in INLINE_CODE.findall(explanation) if IDENTIFIER.fullmatch(span)]


def unknown_names(explanation: str, *sources: str) -> list[str]:
    """Identifiers the explanation names that occur as a whole word in none of the sources."""
    return [
        name
        for name in named_variables(explanation)
        if not any(re.search(rf"\b{re.escape(name)}\b", source) for source in sources)
    ]


def test_every_problem_of_the_topics_is_here():
    assert len(PROBLEMS) == 15 * len(TOPICS)


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.id)
def test_explanation_teaches_this_problem(problem):
    text = problem.solutions.explanation
    assert 90 <= words(text) <= 220, f"{problem.id}: {words(text)} words"
    assert problem.complexity.time in text, f"{problem.id}: the time {problem.complexity.time} is not stated"
    slow = leading_bound(problem.solutions.python_slow_time)
    assert slow in text, f"{problem.id}: the slow solution's cost {slow} is missing"
    unknown = unknown_names(text, problem.solutions.python, problem.solutions.javascript, problem.statement)
    assert unknown == [], f"{problem.id}: names {unknown}, found in neither reference nor the statement"


def test_the_leading_bound_keeps_nested_parentheses():
    assert leading_bound("O(n * min(n, k))") == "O(n * min(n, k))"
    assert leading_bound("O(3^n) on powers of two (exponential)") == "O(3^n)"
    assert leading_bound("O(capacity) per put") == "O(capacity)"


def test_a_name_missing_from_the_references_is_caught():
    # The check above must be able to fail: a made-up variable and an expression span.
    text = "Keep `seen` and `left`, then compare `left < right` and `frontier`."
    assert named_variables(text) == ["seen", "left", "frontier"]
    assert unknown_names(text, "seen = set()\nleft = 0") == ["frontier"]
    assert unknown_names(text, "leftover = 1\nseen = 2") == ["left", "frontier"]
