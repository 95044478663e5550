"""A learner's plan (BluePrint): the algorithm in numbered steps of plain words, written before
or beside the code. A step may be anchored to lines of the code and carry what the learner
expects to hold there, an expression in the code's language over its variables (``left <=
right``). Only the expressions are checked; the words are for the learner and for the report.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

MAX_STEPS = 40
MAX_TEXT = 500  # characters of a step's words
MAX_EXPECT = 500  # characters of an expectation
MAX_LINE = 100_000


class BadPlan(ValueError):
    """The plan cannot be kept as given; the message names the step and the part."""


@dataclass(frozen=True)
class PlanStep:
    """One step: its words, the code lines it stands for (1-based, may be empty: not anchored)
    and the expression expected to hold on those lines (empty: nothing to check)."""

    text: str
    lines: tuple[int, ...] = ()
    expect: str = ""

    @property
    def anchored(self) -> bool:
        return bool(self.lines)

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "lines": list(self.lines), "expect": self.expect}


@dataclass(frozen=True)
class Plan:
    """The steps of one learner's plan for one problem in one language, in order (step 1 first)."""

    problem_id: str
    language: str
    steps: tuple[PlanStep, ...] = field(default_factory=tuple)

    @property
    def anchored(self) -> bool:
        """Whether any step is anchored to lines (otherwise ``/debug`` guesses the lines)."""
        return any(step.anchored for step in self.steps)

    @property
    def expectations(self) -> list[tuple[int, PlanStep]]:
        """The steps that carry an expression, with their numbers (1-based)."""
        return [(number, step) for number, step in enumerate(self.steps, 1) if step.expect.strip()]

    def with_steps(self, steps: list[PlanStep] | tuple[PlanStep, ...]) -> Plan:
        return replace(self, steps=tuple(steps))

    def steps_json(self) -> str:
        return json.dumps([step.as_dict() for step in self.steps])

    def as_dict(self) -> dict[str, Any]:
        return {
            "problem_id": self.problem_id,
            "language": self.language,
            "steps": [dict(step.as_dict(), number=n) for n, step in enumerate(self.steps, 1)],
        }


def parse_steps(raw: Any) -> tuple[PlanStep, ...]:
    """Steps from their JSON form (a list of ``{"text", "lines", "expect"}``), checked; a bad
    step raises ``BadPlan`` naming it."""
    if not isinstance(raw, list):
        raise BadPlan(f"steps must be a list, not {type(raw).__name__}")
    if len(raw) > MAX_STEPS:
        raise BadPlan(f"a plan has at most {MAX_STEPS} steps; this one has {len(raw)}")
    steps = []
    for number, item in enumerate(raw, 1):
        if isinstance(item, str):
            item = {"text": item}
        if not isinstance(item, dict):
            raise BadPlan(f"step {number} must be an object with text, lines and expect")
        unknown = sorted(set(item) - {"text", "lines", "expect", "number"})
        if unknown:
            raise BadPlan(f"step {number} has fields a plan does not keep: {', '.join(unknown)}")
        steps.append(_step(number, item.get("text", ""), item.get("lines", []), item.get("expect", "")))
    return tuple(steps)


def _step(number: int, text: Any, lines: Any, expect: Any) -> PlanStep:
    if not isinstance(text, str) or not text.strip():
        raise BadPlan(f"step {number} needs words: what this step does")
    if len(text) > MAX_TEXT:
        raise BadPlan(f"step {number}'s words are {len(text)} characters; at most {MAX_TEXT}")
    if not isinstance(expect, str):
        raise BadPlan(f"step {number}'s expect must be text, an expression in the code's language")
    if len(expect) > MAX_EXPECT:
        raise BadPlan(f"step {number}'s expectation is {len(expect)} characters; at most {MAX_EXPECT}")
    if not isinstance(lines, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in lines):
        raise BadPlan(f"step {number}'s lines must be a list of line numbers")
    bad = [n for n in lines if not 1 <= n <= MAX_LINE]
    if bad:
        raise BadPlan(f"step {number} names line {bad[0]}; lines are counted from 1")
    return PlanStep(text=text.strip(), lines=tuple(sorted(set(lines))), expect=expect.strip())
