"""The clues fault localization needs beyond the run, gathered for ``analyze_code_patterns``: a
short edge-case search for a minimal counterexample, and the learner's and the reference's traces
on one failing input. Analysis reads them as data (``analysis/localization.py``); the edge-case
search and the tracer are layers above it, so they are called here.

Everything is bounded (a search of ``SEARCH_SECONDS``, traces of ``TRACE_STEPS`` steps) and optional:
a step that fails leaves its clue out, and analysis falls back on the run's spectrum.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ..analysis.evidence import arguments
from ..problems.judging import function_spec
from .context import ToolContext
from .debugging import TRACEABLE, run_trace
from .errors import ToolFailure
from .schemas import BpFindEdgeCases
from .trace_inputs import TracedInput
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem
    from ..runner.child.wire import FunctionSpec

log = logging.getLogger(__name__)

SEARCH_SECONDS = 2.0
TRACE_STEPS = 4000


def clues(
    services: Workbench,
    context: ToolContext,
    problem: Problem | None,
    code: str,
    language: str,
    run: Mapping[str, Any],
    *,
    search: bool = True,
) -> dict[str, Any]:
    """What fault localization can use beyond ``run``: ``{"counterexample": ..., "traces": ...}``."""
    failing = [
        t
        for t in run.get("test_results") or []
        if isinstance(t, Mapping) and not t.get("passed") and t.get("verdict") not in (None, "AC")
    ]
    if problem is None or not failing or language not in TRACEABLE:
        return {}
    quiet = ToolContext(caller=context.caller, learner=context.learner, cancel=context.cancel)
    found: dict[str, Any] = {}
    # The smallest failing input the learner may see (a hidden test's input reads "(hidden)").
    shown = [t for t in failing if arguments(t.get("input")) is not None] or failing
    smallest = min(shown, key=lambda t: len(str(t.get("input") or "")))
    values = arguments(smallest.get("input"))
    got, expected = smallest.get("actual_output"), smallest.get("expected_output")
    where = str(smallest.get("input") or "")
    if search:
        case = _counterexample(services, quiet, problem, code, language)
        if case is not None and len(json.dumps(case["values"])) < len(json.dumps(values)):
            values, got, expected = case["values"], case["got"], case["expected"]
            where = ", ".join(json.dumps(v, separators=(",", ":")) for v in values)
            found["counterexample"] = {"input": where}
    if values is None:
        return found
    # Both programs are called on the input as the judge calls them: a tree from its level order,
    # a linked list, a design problem's calls, an argument changed in place and read back.
    spec = cast("FunctionSpec", function_spec(problem, language))
    call = TracedInput(problem, {"input": where, "function": spec, "compare": problem.compare}, None, None)
    mine = _trace(services, quiet, code, language, call)
    if mine is None:
        return found
    if "counterexample" in found:
        found["counterexample"]["covered_lines"] = sorted(
            {int(s["line"]) for s in mine if s.get("function") != "<module>" and s.get("line")}
        )
    theirs = _trace(services, quiet, problem.reference_solution(language), language, call)
    if theirs is not None:
        found["traces"] = {
            "input": where,
            "learner": mine,
            "reference": theirs,
            "learner_source": code,
            "reference_source": problem.reference_solution(language),
            "got": got,
            "expected": expected,
        }
    return found


def _trace(
    services: Workbench, context: ToolContext, code: str, language: str, call: TracedInput
) -> list[dict[str, Any]] | None:
    try:
        result = run_trace(
            services, context, code=code, language=language, arguments={}, trace_points=["all_lines", "all_variables"],
            max_steps=TRACE_STEPS, entry_point=call.call["function"]["name"], seconds=2, problem=call,
        )  # fmt: skip
    except (ToolFailure, OSError, ValueError) as exc:
        log.info("no trace for fault localization: %s", exc)
        return None
    steps = result.get("steps")
    if not isinstance(steps, list) or result.get("stop_reason") == "max_steps":
        return None  # a cut trace cannot be lined up to its end
    return steps


def _counterexample(
    services: Workbench, context: ToolContext, problem: Problem, code: str, language: str
) -> dict[str, Any] | None:
    """The smallest failing input a short search finds with the problem's reference as the oracle."""
    from .edge_cases import bp_find_edge_cases

    try:
        args = BpFindEdgeCases.model_validate(
            {"language": language, "code": code, "problem_id": problem.id, "budget_s": SEARCH_SECONDS}
        )
        result = bp_find_edge_cases(args, context, services)
    except Exception:  # an optional clue: a search that breaks must not take the analysis with it
        log.warning("no edge-case search for fault localization", exc_info=True)
        return None
    cases = [c for c in result.get("edge_cases") or [] if isinstance(c.get("input"), Mapping)]
    if not cases:
        return None
    best = min(cases, key=lambda c: len(json.dumps(c["input"])))
    names = [p.name for p in problem.function.params]
    values = [best["input"].get(name) for name in names]
    return {
        "values": values,
        "got": _shown(best.get("learner_output")),
        "expected": _shown(best.get("expected_output")),
    }


def _shown(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
