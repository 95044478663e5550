"""The offline coach's evidence about one version of the code, gathered once and kept with the
conversation: a turn on unchanged code reads it instead of running anything again.

Each part is gathered when a turn first needs it, through the tool chain of ``coach_chain`` (so
the learner sees each call as a card): the visible tests; the analysis of that run, with the
operation counts of the learner's code and of the reference on the problem's worst-case inputs
once the examples pass (or once the learner asks how fast it is); an edge-case search when the
examples pass; a trace of the first failing input. What is kept is what the coach's words read,
not the tools' whole results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..tools.debugging import TRACEABLE
from ..tools.results import ANALYZE_CODE_PATTERNS, BP_FIND_EDGE_CASES, BP_TRACE, EXECUTE_CODE, Complexity, failed
from .coach_chain import EDGE_BUDGET_S, TRACE_STEPS, ToolRunner, failing_edge, failing_test, traced_input

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import RunResult
    from ..tools.results import Trace
    from .turns import TurnContext

_TEST_FIELDS = ("test_id", "input", "expected_output", "actual_output", "verdict", "passed", "hidden", "error_message")
_PATTERN_FIELDS = ("pattern_type", "description", "severity", "confidence", "code_location", "uncertain")


class VersionEvidence:
    """What the tools said about one version of the code; ``data`` is what is stored."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self.data: dict[str, Any] = data if data is not None else {}

    # --- what the coach reads --------------------------------------------------------------------
    @property
    def ran(self) -> bool:
        return "run" in self.data

    @property
    def run(self) -> dict[str, Any]:
        return self.data.get("run") or {}

    @property
    def verdict(self) -> str | None:
        return self.run.get("verdict")

    @property
    def unavailable(self) -> str | None:
        """Why the tests could not run (a refused call), if they could not."""
        return self.data.get("unavailable")

    @property
    def failing(self) -> dict[str, Any] | None:
        return self.data.get("failing")

    @property
    def passes_examples(self) -> bool:
        return self.verdict == "AC"

    @property
    def accepted(self) -> bool:
        """The examples pass and the edge-case search found nothing that fails."""
        return self.passes_examples and self.failing is None and self.data.get("edges_searched", False)

    @property
    def patterns(self) -> list[dict[str, Any]]:
        order = {"high": 0, "medium": 1, "low": 2}
        found = self.data.get("patterns") or []
        return sorted(found, key=lambda p: (order.get(p.get("severity", "low"), 3), -p.get("confidence", 0)))

    @property
    def complexity(self) -> dict[str, Any]:
        return self.data.get("complexity") or {}

    @property
    def measured(self) -> dict[str, Any] | None:
        return self.data.get("measured")

    @property
    def trace(self) -> dict[str, Any] | None:
        return self.data.get("trace")

    @property
    def edge_inputs_tried(self) -> int | None:
        return self.data.get("edge_inputs_tried")

    def pattern(self, kind: str) -> dict[str, Any] | None:
        return next((p for p in self.patterns if p.get("pattern_type") == kind), None)

    # --- gathering -------------------------------------------------------------------------------
    def gather(self, tools: ToolRunner, problem: Problem, context: TurnContext, *, measure: bool = False) -> None:
        """Run what is missing: the tests, their analysis, an edge-case search and a trace; with
        ``measure`` the operation counts too. Parts already here are not run again."""
        code, language = context.code, context.language
        if not self.ran:
            run = tools.call(
                EXECUTE_CODE, {"code": code, "language": language, "problem_id": problem.id, "test_cases": []}
            )
            if failed(run):
                self.data["unavailable"] = run["error_message"]
                return  # asked again next turn: a refusal (a rate limit) is not evidence
            self.data["run"] = _compact_run(run)
            self.data["run_id"] = run.get("run_id")
            self.data["failing"] = failing_test(run)
        if self.data.get("unavailable"):
            return
        wants_counts = measure or (self.passes_examples and "measured" not in self.data)
        if self.data.get("run_id") and ("patterns" not in self.data or (wants_counts and "measured" not in self.data)):
            self._analyse(tools, problem, context, measure=wants_counts)
        if self.passes_examples and not self.data.get("edges_searched"):
            edges = tools.call(
                BP_FIND_EDGE_CASES,
                {"language": language, "code": code, "problem_id": problem.id, "budget_s": EDGE_BUDGET_S},
            )
            self.data["edges_searched"] = not failed(edges)
            self.data["edge_inputs_tried"] = None if failed(edges) else edges.get("examples_run")
            if self.failing is None:
                self.data["failing"] = None if failed(edges) else failing_edge(edges, problem)
        failing = self.failing
        if failing is not None and "trace" not in self.data and language in TRACEABLE and failing.get("input"):
            trace = tools.call(
                BP_TRACE,
                {"language": language, "code": code, "problem_id": problem.id,
                 **traced_input(problem, failing), "max_steps": TRACE_STEPS},
            )  # fmt: skip
            name = problem.function_name(language)
            self.data["trace"] = None if failed(trace) else _compact_trace(trace, name)

    def _analyse(self, tools: ToolRunner, problem: Problem, context: TurnContext, *, measure: bool) -> None:
        analysis = tools.call(
            ANALYZE_CODE_PATTERNS,
            {"problem_id": problem.id, "code": context.code, "language": context.language,
             "test_results": {"run_id": self.data["run_id"]}, "measure": measure},
        )  # fmt: skip
        if failed(analysis):
            self.data.setdefault("patterns", [])
            return
        self.data["patterns"] = [
            {k: p.get(k) for k in _PATTERN_FIELDS if k in p} for p in analysis.get("detected_patterns") or []
        ]
        complexity = analysis.get("complexity_analysis") or Complexity()
        evidence = complexity.get("evidence") or {}
        self.data["complexity"] = {
            "time": complexity.get("time_complexity"),
            "space": complexity.get("space_complexity"),
            "optimal_time": complexity.get("optimal_time"),
            "optimal_space": complexity.get("optimal_space"),
            "time_evidence": list(evidence.get("time") or [])[:4],
            "space_evidence": list(evidence.get("space") or [])[:3],
        }
        if measure:
            self.data["measured"] = _compact_measure(evidence.get("measured"))


def _compact_run(run: RunResult) -> dict[str, Any]:
    tests = [{k: t.get(k) for k in _TEST_FIELDS if k in t} for t in run.get("test_results") or []]
    kept: dict[str, Any] = {
        k: run.get(k) for k in ("verdict", "status", "error_message", "line_number", "tests_total") if k in run
    }
    return {**kept, "test_results": tests}


def _compact_trace(trace: Trace, function: str | None) -> dict[str, Any]:
    """The trace's end in the learner's function: the step it returned at (or its last step)."""
    steps = [s for s in trace.get("last_steps") or [] if s.get("function") == function]
    returned = next((s for s in reversed(steps) if s.get("event") == "return"), None)
    last = steps[-1] if steps else None
    return {
        "returned": None
        if returned is None
        else {
            "line": returned.get("line"),
            "value": returned.get("return_value"),
            "variables": dict(returned.get("variables") or {}),
        },  # fmt: skip
        "last_line": last.get("line") if last is not None else None,
        "total_steps": trace.get("total_steps"),
        "matches_expected": trace.get("matches_expected"),
    }


def _compact_measure(measured: Any) -> dict[str, Any] | None:
    """The counts of the learner's code and of the reference at the sizes both ran, and their classes."""
    if not isinstance(measured, dict) or not measured.get("class"):
        return None
    fit = measured.get("fit") or {}
    reference = measured.get("reference") or {}
    return {
        "class": measured.get("class"),
        "counted": measured.get("counted"),
        "sizes": [int(n) for n in fit.get("sizes") or []],
        "counts": [int(c) for c in fit.get("counts") or []],
        "reference_sizes": [int(n) for n in reference.get("sizes") or []],
        "reference_counts": [int(c) for c in reference.get("counts") or []],
    }
