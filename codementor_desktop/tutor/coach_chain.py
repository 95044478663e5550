"""The offline coach's evidence: the tool chain run on the learner's code, through the registry as
``caller=coach``, each call shown as a card (ToolStarted, ToolFinished).

Run the visible tests, read the analysis of that run; when the examples pass, search for an edge case
they miss (a failing example is already the counterexample); then trace the first failing input.
"""

from __future__ import annotations

import ast
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..domain.vocabulary import Caller
from ..edge_cases.wording import operations_note, too_slow_text
from ..tools.context import ToolContext
from ..tools.debugging import TRACEABLE
from .cancellation import Cancellation
from .events import Listener, ToolFinished, ToolStarted
from .summaries import summarize

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..tools.services import Services
    from ..tools.tutoring import TutorSeat
    from .turns import TurnContext

EDGE_BUDGET_S = 2.0  # seconds of edge-case search in a turn: a chat answer, not a full search
TRACE_STEPS = 2000


class Stopped(Exception):
    """The learner stopped the turn."""


@dataclass
class Evidence:
    """What the chain found about one version of the code."""

    run: dict[str, Any]
    analysis: dict[str, Any] | None = None
    edges: dict[str, Any] | None = None
    trace: dict[str, Any] | None = None
    failing: dict[str, Any] | None = None  # input, expected, actual, verdict, error, test_id, category
    unavailable: list[tuple[str, str]] = field(default_factory=list)  # (tool, why) of calls refused

    @property
    def verdict(self) -> str | None:
        return self.run.get("verdict")

    def patterns(self) -> list[dict[str, Any]]:
        found = (self.analysis or {}).get("detected_patterns") or []
        order = {"high": 0, "medium": 1, "low": 2}
        return sorted(found, key=lambda p: (order.get(p.get("severity", "low"), 3), -p.get("confidence", 0)))


class ToolRunner:
    """Calls tools for one coach: through the registry, as the coach, each call shown as a card."""

    def __init__(self, services: Services, learner: str, seat: TutorSeat) -> None:
        self.services = services
        self.learner = learner
        self.seat = seat  # the coach, for the tools that ask the session's tutor
        self.emit: Listener | None = None
        self.cancellation = Cancellation()
        self.made: list[dict[str, Any]] = []  # this turn's calls, to keep with the conversation

    def call(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        if self.cancellation.cancelled:
            raise Stopped
        call_id = "coach_" + secrets.token_hex(4)
        shown = {k: v for k, v in arguments.items() if k not in ("code", "current_code")}
        if self.emit is not None:
            self.emit(ToolStarted(name, shown, call_id))
        result = self.services.registry.call(name, arguments, self.context())
        summary = summarize(name, result)
        if self.emit is not None:
            self.emit(ToolFinished(name, result, summary, call_id))
        self.made.append({"id": call_id, "name": name, "arguments": arguments, "result": result, "summary": summary})
        if self.cancellation.cancelled:
            raise Stopped
        return result

    def context(self) -> ToolContext:
        # The tutoring tools (escalate, conclude) reach the coach through ``tutor``.
        return ToolContext(caller=Caller.COACH, learner=self.learner, cancel=self.cancellation.event, tutor=self.seat)


def gather(tools: ToolRunner, problem: Problem, context: TurnContext) -> Evidence:
    """Run the chain on ``context.code``."""
    code, language = context.code, context.language
    run = tools.call("execute_code", {"code": code, "language": language, "problem_id": problem.id, "test_cases": []})
    evidence = Evidence(run)
    if run.get("status") == "error" and "error_code" in run:
        evidence.unavailable.append(("execute_code", run.get("error_message", "")))
        return evidence
    if run.get("run_id"):
        analysis = tools.call(
            "analyze_code_patterns",
            {"problem_id": problem.id, "code": code, "language": language,
             "test_results": {"run_id": run["run_id"]}, "measure": False},
        )  # fmt: skip
        if "error_code" in analysis:
            evidence.unavailable.append(("analyze_code_patterns", analysis.get("error_message", "")))
        else:
            evidence.analysis = analysis
    evidence.failing = failing_test(run)
    if evidence.failing is None and run.get("verdict") == "AC":
        edges = tools.call(
            "bp_find_edge_cases",
            {"language": language, "code": code, "problem_id": problem.id, "budget_s": EDGE_BUDGET_S},
        )
        evidence.edges = edges
        evidence.failing = failing_edge(edges, problem)
    if evidence.failing is not None and language in TRACEABLE and evidence.failing.get("input"):
        # The problem's own input, built as the judge builds it: an example by its number.
        trace = tools.call(
            "bp_trace",
            {"language": language, "code": code, "problem_id": problem.id,
             **traced_input(problem, evidence.failing), "max_steps": TRACE_STEPS},
        )  # fmt: skip
        evidence.trace = trace if "error_code" not in trace else None
    return evidence


def traced_input(problem: Problem, failing: dict[str, Any]) -> dict[str, Any]:
    """``test_id`` when the failing input is one of the statement's examples, else ``input_data``
    (the input's text, which bp_trace reads as the problem's arguments)."""
    text = str(failing.get("input") or "").strip()
    for number, example in enumerate(problem.examples, start=1):
        if example.input.strip() == text:
            return {"test_id": number}
    return {"input_data": text}


def failing_test(run: dict[str, Any]) -> dict[str, Any] | None:
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
    if run.get("verdict") == "CE":
        return None  # nothing ran: the parse error is the evidence
    return None


def failing_edge(edges: dict[str, Any], problem: Problem) -> dict[str, Any] | None:
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
