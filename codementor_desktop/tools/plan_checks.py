"""The runs behind ``bp_debug_plan``: the visible tests, then one traced run that checks every
expectation of the plan where its lines run, and what is drawn at the first broken one.

Which input is traced: ``input_data`` when given; else the first visible test that fails; else
the first example (so an expectation can be seen to hold). The expectations are read first
(``analysis.plan_expressions``): one that is not an expression, or that would change the
learner's state, is ``unreadable`` and the others still run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from ..analysis.plan_anchors import guess_lines
from ..analysis.plan_expressions import Reading, read_expectation
from ..domain.plan import Plan
from ..problems.judging import function_spec, visible_tests
from ..runner.protocol import Limits
from ..storage.plans import PlanCheckOutcome, Plans
from ..visual.diagrams import render_diagram
from ..visual.normalize import StructureError
from ..visual.replay import Replay
from ..visual.structures import render_structure
from .context import ToolContext
from .debugging import run_trace
from .permissions import someone_elses
from .plan_report import overall_outcome, step_status, write_report
from .schemas import BpDebugPlan
from .trace_inputs import TracedInput, traced_input
from .workbench import Workbench

if TYPE_CHECKING:
    from ..runner.child.wire import FunctionSpec, TestCase

MAX_STEPS = 20_000  # steps of the traced run: a visible test's input takes far fewer
MAX_STRUCTURES = 4


@dataclass
class _TraceArgs:
    """What ``trace_inputs.traced_input`` reads of a tool's arguments."""

    problem_id: str | None
    test_id: int | None = None
    input_data: Any = None
    target_value: Any = None
    entry_point: str | None = None
    model_fields_set: set[str] = field(default_factory=set)


def check_plan(plan: Plan, args: BpDebugPlan, context: ToolContext, services: Workbench) -> dict[str, Any]:
    """The whole check of ``plan`` against ``args.code``: the ``PlanDebug`` result."""
    steps = list(plan.steps)
    guessed = not plan.anchored
    lines = [list(step.lines) for step in steps]
    if guessed:
        lines = [list(found) for found in guess_lines([s.text for s in steps], args.code, args.language)]
    readings = [read_expectation(s.expect, args.language) if s.expect else None for s in steps]

    tests = _run_tests(args, context, services)
    traced = _traced(args, services, tests)
    checks, indexes = [], []
    for number, (reading, step_lines) in enumerate(zip(readings, lines, strict=True), 1):
        if reading is not None and reading.error is None and step_lines:
            checks.append({"lines": step_lines, "expect": steps[number - 1].expect, "names": list(reading.names)})
            indexes.append(number)
    context.report(0.4, "tracing the plan's input")
    trace = run_trace(
        services, context, code=args.code, language=args.language, arguments=_arguments(args),
        trace_points=["all_lines", "all_variables"], max_steps=MAX_STEPS, entry_point=None,
        seconds=args.timeout_seconds, problem=traced, checks=checks,
    )  # fmt: skip
    found = {number: entry for number, entry in zip(indexes, trace.get("plan_checks") or [], strict=False)}
    counts = trace.get("line_counts") or {}
    out_steps: list[dict[str, Any]] = []
    for number, step in enumerate(steps, 1):
        step_lines = lines[number - 1]
        check = found.get(number)
        status, error = step_status(step.expect, readings[number - 1], check, step_lines, args.code.splitlines())
        broken = (check or {}).get("broken") if status == "broken" else None
        out_steps.append({
            "number": number, "text": step.text, "lines": step_lines, "lines_guessed": guessed,
            "ran": any(counts.get(str(n)) for n in step_lines),
            "ran_lines": [n for n in step_lines if counts.get(str(n))],
            "expect": step.expect, "status": status,
            "evaluations": int((check or {}).get("evaluations", 0)),
            "broken_at": broken, "error": error,
        })  # fmt: skip
    broken_steps = [s for s in out_steps if s["broken_at"] is not None]
    first = min(broken_steps, key=lambda s: s["broken_at"]["step"]) if broken_steps else None
    context.report(0.9, "drawing")
    result: dict[str, Any] = {
        "outcome": overall_outcome(out_steps),
        "guessed": guessed,
        "tests": tests["summary"],
        "input": _input_text(trace, args),
        "trace_id": trace.get("trace_id"),
        "steps": out_steps,
        "first_broken": first["number"] if first else None,
        "structures": _structures(trace, first, readings[first["number"] - 1] if first else None, args.code),
        "flow": _flow(trace),
    }
    result["report"] = write_report(result, trace)
    _record(plan, args, context, services, result)
    return result


def _arguments(args: BpDebugPlan) -> dict[str, Any]:
    if args.problem_id is None and "input_data" in args.model_fields_set:
        return {"input_data": args.input_data}
    return {}


def _run_tests(args: BpDebugPlan, context: ToolContext, services: Workbench) -> dict[str, Any]:
    """The problem's visible tests run on the code: the summary the result carries, and the first
    failing test's number."""
    none = {"summary": {"passed": 0, "total": 0, "verdict": "not_run", "failing_test": None}, "failing": None}
    if not args.problem_id:
        return none
    problem = services.bank.get(args.problem_id)
    if problem is None:
        traced_input(_TraceArgs(args.problem_id), services, args.language)  # raises NOT_FOUND, as the tracers do
        return none
    tests = cast("list[TestCase]", visible_tests(problem))
    if not tests:
        return none
    context.report(0.05, "running the visible tests")
    settings = services.settings
    limits = Limits(timeout_seconds=float(args.timeout_seconds), run_seconds=settings.run_seconds,
                    memory_mb=settings.memory_mb, output_bytes=settings.output_kb * 1024)  # fmt: skip
    run = services.executor.judge(
        code=args.code, language=args.language, tests=tests, limits=limits,
        function=cast("FunctionSpec", function_spec(problem, args.language)), compare=problem.compare,
        checker=problem.checker, cancel=context.cancel,
    )  # fmt: skip
    results = run.get("test_results") or []
    failing = next((t for t in results if not t.get("passed")), None)
    summary = {
        "passed": sum(1 for t in results if t.get("passed")),
        "total": len(tests),
        "verdict": str(run.get("verdict") or run.get("status") or ""),
        "failing_test": f"test {failing['test_id']}" if failing else None,
    }
    return {"summary": summary, "failing": failing["test_id"] if failing else None}


def _traced(args: BpDebugPlan, services: Workbench, tests: dict[str, Any]) -> TracedInput | None:
    if not args.problem_id:
        return None
    if "input_data" in args.model_fields_set:
        return traced_input(_TraceArgs(args.problem_id, input_data=args.input_data,
                                       model_fields_set={"input_data"}), services, args.language)  # fmt: skip
    return traced_input(_TraceArgs(args.problem_id, test_id=tests["failing"] or 1), services, args.language)


def _input_text(trace: dict[str, Any], args: BpDebugPlan) -> str:
    if isinstance(trace.get("input"), str):
        return str(trace["input"])
    if "input_data" in args.model_fields_set:
        import json

        return json.dumps(args.input_data)
    return ""


def _structures(
    trace: dict[str, Any], first: dict[str, Any] | None, reading: Reading | None, code: str = ""
) -> list[dict[str, Any]]:
    """The structures the broken expectation names, drawn as they were when it broke, with the
    whole-number variables it names that the code uses as positions in an array as its pointers."""
    if first is None or reading is None:
        return []
    at = first["broken_at"]["step"]
    values = _values_at(trace, list(reading.names), at)
    numbers = {n: v for n, v in values.items() if isinstance(v, int) and not isinstance(v, bool)}
    text = f"{code}\n{first['expect']}"
    drawings = []
    for name, value in values.items():
        if not isinstance(value, (list, tuple, dict)):
            continue  # a number or a string is in the report's words already
        pointers = {n: v for n, v in numbers.items() if _position_in(n, name, text)}
        try:
            drawing = render_structure("auto", value, "ascii", pointers=pointers if isinstance(value, list) else None)
        except (StructureError, ValueError, TypeError):
            continue
        drawing["source"] = {"trace_id": trace.get("trace_id"), "variable": name, "step": at,
                             "line": first["broken_at"]["line"]}  # fmt: skip
        drawings.append(drawing)
        if len(drawings) >= MAX_STRUCTURES:
            break
    return drawings


def _position_in(number: str, array: str, text: str) -> bool:
    """Whether ``number`` is used as a position in ``array``: inside its brackets (``arr[mid]``,
    ``arr[:middle]``) or set from or bounded by its length (``hi = len(arr)``, ``k < len(arr)``). A count or a value that
    merely sits beside an array (bucketsort's ``count``, a sieve's ``n``) is no pointer into it."""
    name, of = re.escape(number), re.escape(array)
    if re.search(rf"(?<![\w.]){of}\s*\[[^\]\n]*\b{name}\b", text):
        return True
    length = rf"(\blen\(\s*{of}\s*\)|(?<![\w.]){of}\.length\b)"
    bound = rf"(?<![\w.]){name}\s*(=|<=?|>=?)\s*{length}|{length}\s*(<=?|>=?)\s*{name}\b"
    return re.search(bound, text) is not None


def _values_at(trace: dict[str, Any], names: list[str], at: int) -> dict[str, Any]:
    """The plain values of ``names`` in the frame of step ``at`` (one replay for them all)."""
    replay = Replay(trace)
    for current in replay.walk():
        if current["step"] >= at:
            variables = replay.frames.get(int(current.get("frame", 0)), {})
            return {name: replay.value(variables[name]) for name in names if name in variables}
    return {}


def _flow(trace: dict[str, Any]) -> dict[str, Any] | None:
    if not trace.get("steps"):
        return None
    try:
        flow = render_diagram(trace, "flowchart", "mermaid")
    except (ValueError, KeyError):
        return None
    flow["trace_id"] = trace.get("trace_id")
    return flow


def _record(plan: Plan, args: BpDebugPlan, context: ToolContext, services: Workbench, result: dict[str, Any]) -> None:
    """The outcome kept for the learner's profile: a problem's plan checked on the learner's own
    code only (a model's run of its own translation of the plan shows which step is wrong, and is
    none of the learner's doing)."""
    if not args.problem_id or someone_elses(args.code, args.problem_id, args.language, context, services):
        return
    statuses = [s["status"] for s in result["steps"] if s["status"] != "unchecked"]
    tests = result["tests"]
    report = {
        key: result[key] for key in ("outcome", "guessed", "tests", "input", "trace_id", "first_broken", "report")
    }
    report["steps"] = [{k: v for k, v in s.items()} for s in result["steps"]]
    Plans(services.database).record_check(
        context.learner,
        PlanCheckOutcome(
            problem_id=args.problem_id, language=args.language, expectations=len(statuses),
            held=statuses.count("held"), broken=statuses.count("broken"),
            never_reached=statuses.count("never_reached"), unreadable=statuses.count("unreadable"),
            guessed=result["guessed"], tests_passed=bool(tests["total"]) and tests["passed"] == tests["total"],
            report=report,
        ),
    )  # fmt: skip
