"""Predict, then reveal (Qt-free): the question before a change, the check, and the score.

Before a step that changes a variable, the learner is asked what the variable will hold once the
current line has run. The answer is compared with the trace's value as Python literals (so
``[1,2]`` is ``[1, 2]`` and ``'a'`` is ``"a"``); a value that is not a literal (a ``TreeNode``)
is compared as text, spaces aside.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from ...visual.replay import DELETED
from .timeline import HIDDEN_TYPES, TraceTimeline
from .variable_log import reaches


@dataclass(frozen=True)
class Question:
    """What the learner is asked before step ``reveal``: the value ``variable`` will hold."""

    before: int  # the step shown while asking
    reveal: int  # the step that shows the answer
    variable: str
    line: int
    function: str
    expected: str
    code: str = ""  # the text of that line

    @property
    def prompt(self) -> str:
        code = f" ({self.code})" if self.code else ""
        return f"After line {self.line}{code} of {self.function} runs, what will {self.variable} hold?"


def question_before(timeline: TraceTimeline, index: int) -> Question | None:
    """The question for moving from step ``index`` to the next one, if that step changes a variable:
    one it assigns, else one whose list, dict or object it changes in place (``seen.append(x)``)."""
    reveal = index + 1
    if not 0 <= index < len(timeline.steps) - 1:
        return None
    step = timeline.steps[reveal]
    if step.get("event") == "call":
        return None  # arguments arrive with the call: nothing ran on the line shown
    names = [
        name
        for name, value in (step.get("changed") or {}).items()
        if value != DELETED and not (isinstance(value, dict) and value.get("type") in HIDDEN_TYPES)
    ]
    if not names and not step.get("heap"):
        return None
    state = timeline.state_at(reveal, slot="peek")
    if state is None:
        return None
    variables = state.variables()
    if not names:
        touched = {int(key) for key in step["heap"]}
        names = [
            name
            for name, value in variables.items()
            if isinstance(value, dict) and "ref" in value and reaches(state.replay, int(value["ref"]), touched)
        ]
        if not names:
            return None
    name = names[0]
    expected = state.replay.text(variables.get(name), 500)
    line = timeline.last_line_of_frame(int(step.get("frame", 0)), before=reveal)
    line = line or int(step.get("line", 0))
    function = str(step.get("function", "?"))
    return Question(index, reveal, name, line, function, expected, timeline.source_line(line))


def _literal(text: str) -> tuple[bool, Any]:
    try:
        return True, ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False, None


def answers_match(answer: str, expected: str) -> bool:
    """Whether the learner's answer is the value the trace holds."""
    expected_ok, expected_value = _literal(expected)
    answer_ok, answer_value = _literal(answer)
    if expected_ok and answer_ok:
        if _numbers(expected_value, answer_value):
            return bool(expected_value == answer_value)
        return type(expected_value) is type(answer_value) and bool(expected_value == answer_value)
    if expected_ok and isinstance(expected_value, str):
        return answer.strip() == expected_value  # a string typed without its quotes
    return "".join(answer.split()) == "".join(expected.split())


def _numbers(*values: Any) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


@dataclass
class PredictionScore:
    """The learner's predictions in this session: how many were asked and how many were right."""

    asked: int = 0
    right: int = 0

    def reset(self) -> None:
        """Start counting again (a new problem)."""
        self.asked = self.right = 0

    def record(self, correct: bool) -> None:
        self.asked += 1
        self.right += int(correct)

    @property
    def text(self) -> str:
        if not self.asked:
            return "No predictions yet"
        return f"{self.right} of {self.asked} right ({100 * self.right // self.asked}%)"
