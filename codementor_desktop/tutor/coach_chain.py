"""The offline coach's tool calls: through the registry as ``caller=coach``, each call shown as a
card (ToolStarted, ToolFinished); and how their results read as the failing input the coach talks
about (a failing example, or the smallest failing edge case).
"""

from __future__ import annotations

import ast
import json
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ..domain.vocabulary import Caller
from ..edge_cases.wording import operations_note, too_slow_text
from ..tools.context import ToolContext
from ..tools.results import ToolName, result_of
from .cancellation import Cancellation
from .events import Listener, ToolFinished, ToolStarted
from .summaries import summarize

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import RunResult
    from ..tools.results import EdgeCaseReport, ToolError
    from ..tools.seat import TutorSeat
    from ..tools.services import Services

R = TypeVar("R")
EDGE_BUDGET_S = 1.5  # seconds of edge-case search in a turn: a chat answer, not a full search
TRACE_STEPS = 2000


class Stopped(Exception):
    """The learner stopped the turn."""


class ToolRunner:
    """Calls tools for one coach: through the registry, as the coach, each call shown as a card."""

    def __init__(self, services: Services, learner: str, seat: TutorSeat) -> None:
        self.services = services
        self.learner = learner
        self.seat = seat  # the coach, for the tools that ask the session's tutor
        self.emit: Listener | None = None
        self.cancellation = Cancellation()
        self.made: list[dict[str, Any]] = []  # this turn's calls, to keep with the conversation

    def call(self, tool: ToolName[R], arguments: dict[str, Any]) -> R | ToolError:
        """Tool ``tool``'s result (or the tool layer's error), read as that tool's result type."""
        if self.cancellation.cancelled:
            raise Stopped
        name = tool.name
        call_id = "coach_" + secrets.token_hex(4)
        shown = {k: v for k, v in arguments.items() if k not in ("code", "current_code")}
        if self.emit is not None:
            self.emit(ToolStarted(name, shown, call_id))
        found = self.services.registry.call(name, arguments, self.context())
        summary = summarize(name, found)
        if self.emit is not None:
            self.emit(ToolFinished(name, found, summary, call_id))
        self.made.append({"id": call_id, "name": name, "arguments": arguments, "result": found, "summary": summary})
        if self.cancellation.cancelled:
            raise Stopped
        return result_of(tool, found)

    def context(self) -> ToolContext:
        # The tutoring tools (escalate, conclude) reach the coach through ``tutor``.
        return ToolContext(caller=Caller.COACH, learner=self.learner, cancel=self.cancellation.event, tutor=self.seat)


def traced_input(problem: Problem, failing: dict[str, Any]) -> dict[str, Any]:
    """``test_id`` when the failing input is one of the statement's examples, else ``input_data``
    (the input's text, which bp_trace reads as the problem's arguments)."""
    text = str(failing.get("input") or "").strip()
    for number, example in enumerate(problem.examples, start=1):
        if example.input.strip() == text:
            return {"test_id": number}
    return {"input_data": text}


def failing_test(run: RunResult) -> dict[str, Any] | None:
    """The first test of ``run`` that did not pass, as the coach talks about it; None when all
    passed (or nothing ran: a parse error is the evidence then)."""
    for test in run.get("test_results") or []:
        if not test.get("passed"):
            return {
                "test_id": test.get("test_id"),
                "input": test.get("input"),
                "arguments": parse_arguments(str(test.get("input") or "")),
                "expected": test.get("expected_output"),
                "actual": test.get("actual_output"),
                "verdict": test.get("verdict") or run.get("verdict"),
                "error": test.get("error_message") or run.get("error_message") or "",
            }
    return None


def failing_edge(edges: EdgeCaseReport, problem: Problem) -> dict[str, Any] | None:
    cases = [c for c in edges.get("edge_cases") or [] if c.get("verdict") not in (None, "AC")]
    if not cases:
        return None
    case = min(cases, key=lambda c: (not c.get("minimal"), len(json.dumps(c.get("input"), default=str))))
    given = case.get("input")
    names = [p.name for p in problem.function.params]
    arguments = [given.get(n) for n in names] if isinstance(given, dict) and names else [given]
    return {
        "input": ", ".join(json.dumps(a, default=str) for a in arguments),
        "arguments": arguments,
        "expected": json.dumps(case.get("expected_output"), default=str),
        # A run out of time has no value: "too slow", never "null".
        "actual": too_slow_text(case)
        if case.get("verdict") == "TLE"
        else json.dumps(case.get("learner_output"), default=str),
        "verdict": case.get("verdict"),
        "operations": operations_note(case.get("too_slow")),
        "error": case.get("error_message") or "",
        "category": case.get("category", "generated"),
    }


def parse_arguments(text: str) -> list[Any] | None:
    """A test's input as its argument list (``[2,7,11,15], 9``): Python or JSON literals."""
    text = text.strip()
    if not text:
        return []
    parsers: list[Callable[[str], Any]] = [lambda t: ast.literal_eval(f"({t},)"), lambda t: json.loads(f"[{t}]")]
    for parse in parsers:
        try:
            return list(parse(text))
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            continue
    return None
