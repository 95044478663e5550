"""bp_trace, bp_breakpoint and bp_variable_history: thin adapters onto the tracer and the replay.

A trace gets a ``trace_id``. People (the window, the command line) receive every step; a model
receives a summary instead (the lines visited, the last steps with their variables, the stop
reason and the loop diagnosis) with the id, which the other tools accept as ``{"trace_id": ...}``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..domain.collector import collector_paused
from ..domain.vocabulary import ErrorCode
from ..runner.backend import UnsupportedLanguage
from ..runner.protocol import WALL_FACTOR, Limits, breakpoint_job, trace_job
from ..runner.trace_assembly import TraceAssembler, breakpoint_result
from ..runner.trace_steps import WIRE_BATCHES, restored_trace
from ..visual.history import variable_history
from ..visual.replay import Replay, TrailingReplay
from .context import ToolContext
from .errors import ToolFailure
from .execution import execution_bucket
from .registry import AnyTool, Tool
from .schemas import BpBreakpoint, BpTrace, BpVariableHistory
from .trace_inputs import TracedInput, judged, traced_input
from .workbench import Workbench

if TYPE_CHECKING:
    from ..runner.child.wire import Language, TraceStep
    from ..runner.protocol import ProblemCall
    from .results import Breakpoint, Trace, VariableHistory

TRACEABLE = ("python", "javascript")
SUMMARY_STEPS = 8
SUMMARY_LINES = 40


def traceable(language: str, tool: str) -> None:
    """Python and JavaScript are traced; any other language is refused with what is supported."""
    if language not in TRACEABLE:
        raise UnsupportedLanguage(language, TRACEABLE, f"{tool} traces Python and JavaScript.")


def _arguments(args: Any) -> dict[str, Any]:
    out = {}
    for name in ("input_data", "target_value"):
        if name in args.model_fields_set:
            out[name] = getattr(args, name)
    return out


def _limits(seconds: int, services: Workbench) -> Limits:
    settings = services.settings
    return Limits(
        timeout_seconds=float(seconds),
        run_seconds=float(seconds) + 4,
        memory_mb=settings.memory_mb,
        output_bytes=settings.output_kb * 1024,
    )


def _backstop(limits: Limits) -> float:
    """The parent's wall-clock kill of a trace: past the child's own stops, which are CPU time (the
    tracer's limit, then its timer a second later) and, for code that waits, the wall clock at
    ``WALL_FACTOR`` times that; a busy machine stretches the CPU seconds, not the verdict."""
    return WALL_FACTOR * (limits.timeout_seconds + 1.0) + 3.0


def run_trace(
    services: Workbench,
    context: ToolContext,
    *,
    code: str,
    language: str,
    arguments: dict[str, Any],
    trace_points: list,
    max_steps: int,
    entry_point: str | None,
    seconds: int = 5,
    follower: TrailingReplay | None = None,
    problem: TracedInput | None = None,
    checks: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Trace ``code`` in a child; the whole result, stored under a new ``trace_id``. ``follower``,
    if given, is fed the steps as they arrive (on the runner's reader thread). With ``problem``
    (``trace_inputs.traced_input``) the code runs on that bank problem's input as the judge calls
    it, and the result says which input it was and whether it gave the expected output. ``checks``
    (a plan's expectations, ``bp_debug_plan``) are evaluated where their lines run, in the same run."""
    limits = _limits(seconds, services).clamped()
    call: ProblemCall | None = problem.call if problem is not None else None
    job = trace_job(cast("Language", language), code, limits, arguments=arguments, trace_points=trace_points, max_steps=max_steps,
                    entry_point=entry_point, problem=call, checks=checks)  # fmt: skip
    window_hook = context.on_trace_steps

    def on_steps(new: list[TraceStep]) -> None:
        if window_hook is not None:
            window_hook(new)
        if follower is not None:
            follower.feed(new)
        done = new[-1]["step"] + 1
        context.report(min(done / max(max_steps, 1), 1.0), f"{done:,} steps traced")

    assembler = TraceAssembler(on_steps=on_steps, max_steps=max_steps)
    with collector_paused():
        # The tracer stops itself on time (then watches the loop a moment); the parent's kill is the backstop.
        report = services.executor.run_job(job, _backstop(limits), context.cancel, assembler.feed)
        result = assembler.result(report, max_steps, language)
        result["source_lines"] = code.splitlines()
        if problem is not None:
            result.update(problem.described())
            judged(problem, result)
        # Stored as the child sent the steps: a 100,000-step trace is not encoded again.
        blob = assembler.stored(result)
        result["trace_id"] = services.runs.save(
            "trace", "bp_trace", context.learner, result, blob, language=language, verdict=result.get("stop_reason")
        )
    return result


def bp_trace(args: BpTrace, context: ToolContext, services: Workbench) -> Trace:
    traceable(args.language, "bp_trace")
    problem = traced_input(args, services, args.language)
    follower = TrailingReplay(SUMMARY_STEPS)
    result = run_trace(
        services, context, code=args.code, language=args.language, arguments=_arguments(args),
        trace_points=list(args.trace_points), max_steps=args.max_steps, entry_point=args.entry_point,
        seconds=args.timeout_seconds, follower=follower, problem=problem,
    )  # fmt: skip
    summary = summarize(result, follower)
    if context.capped:
        return cast("Trace", summary)
    result["summary"] = summary
    return cast("Trace", result)


def summarize(trace: dict[str, Any], follower: TrailingReplay | None = None) -> dict[str, Any]:
    """What a model receives: enough to explain the run without the 100,000 steps. ``follower``,
    when it followed the trace as it streamed in, spares a replay of the whole trace."""
    steps = trace.get("steps") or []
    summary: dict[str, Any] = {
        "trace_id": trace.get("trace_id"),
        "status": trace.get("status"),
        "stop_reason": trace.get("stop_reason"),
        "message": trace.get("message"),
        "total_steps": trace.get("total_steps", len(steps)),
    }
    for key in ("return_text", "error_message", "line_number", "diagnosis", "problem_id", "test_id", "input",
                "expected_output", "matches_expected"):  # fmt: skip
        if trace.get(key) is not None:
            summary[key] = trace[key]
    stdout = trace.get("stdout") or ""
    if stdout:
        summary["stdout"] = stdout if len(stdout) <= 400 else stdout[:400] + f"... ({len(stdout)} characters)"
    counts = trace.get("line_counts") or {}
    ranked = sorted(counts.items(), key=lambda item: int(item[0]))
    summary["lines_visited"] = {line: count for line, count in ranked[:SUMMARY_LINES]}
    if len(ranked) > SUMMARY_LINES:
        summary["lines_visited_omitted"] = len(ranked) - SUMMARY_LINES
    summary["last_steps"] = _last_steps(trace, steps, follower)
    summary["note"] = (
        "Pass {'trace_id': ...} as trace_data to bp_variable_history or bp_execution_diagram; "
        "the window shows every step."
    )
    return summary


def _last_steps(trace: dict[str, Any], steps: list[TraceStep], follower: TrailingReplay | None) -> list[dict]:
    start = max(0, len(steps) - SUMMARY_STEPS)
    if follower is not None and len(follower.last) == len(steps) - start:
        replay = follower.replay
    else:
        replay = Replay(trace)
        if start:
            replay.jump(start - 1)
    out = []
    for step in steps[start:]:
        replay.apply(step)
        variables = replay.frames.get(int(step.get("frame", 0)), {})
        entry: dict[str, Any] = {
            "step": step["step"],
            "event": step["event"],
            "line": step["line"],
            "function": step["function"],
            "depth": step["depth"],
            "variables": {name: replay.text(value, 120) for name, value in list(variables.items())[:12]},
        }
        if step.get("changed"):
            entry["changed"] = sorted(step["changed"])
        if "return_value" in step:
            entry["return_value"] = replay.text(step["return_value"], 120)
        if step.get("exception"):
            entry["exception"] = "{type}: {message}".format(**step["exception"])
        out.append(entry)
    return out


def bp_breakpoint(args: BpBreakpoint, context: ToolContext, services: Workbench) -> Breakpoint:
    traceable(args.language, "bp_breakpoint")
    problem = traced_input(args, services, args.language)
    limits = _limits(args.timeout_seconds, services).clamped()
    job = breakpoint_job(
        args.language, args.code, limits, arguments=_arguments(args), condition=args.condition,
        watch=list(args.watch_vars), line=args.line, hit=args.hit, entry_point=args.entry_point,
        problem=problem.call if problem is not None else None,
    )  # fmt: skip
    report = services.executor.run_job(job, _backstop(limits), context.cancel, None)
    result = breakpoint_result(report, args.language)
    if problem is not None:
        result.update(problem.described())
        program = result.get("program")
        if isinstance(program, dict) and program.get("reason") == "finished":
            checked = {"stop_reason": "finished", "answer": program.get("answer")}
            judged(problem, checked)
            if "matches_expected" in checked:
                result["matches_expected"] = checked["matches_expected"]
    if context.capped:
        # Texts tell a model everything; the encoded values are for the window's drawings.
        result.pop("heap", None)
        for frame in result.get("stack") or []:
            frame.pop("values", None)
        for watch in result.get("watch") or []:
            watch.pop("encoded", None)
        if isinstance(result.get("program"), dict):
            result["program"].pop("return_value", None)
    return cast("Breakpoint", result)


def resolve_trace(trace_data: dict[str, Any], context: ToolContext, services: Workbench) -> dict[str, Any]:
    """A full trace from ``{"trace_id": ...}`` (NOT_FOUND if unknown) or from the trace itself."""
    identifier = trace_data.get("trace_id")
    if "steps" in trace_data and isinstance(trace_data["steps"], list):
        return trace_data
    if isinstance(identifier, str) and identifier:
        found = services.runs.get(identifier, context.learner)
        if found is not None and WIRE_BATCHES in found:
            found = restored_trace(found)
        if found is None or not identifier.startswith("trace_"):
            raise ToolFailure(
                ErrorCode.NOT_FOUND,
                f"There is no trace {identifier!r} for this learner; run bp_trace first and pass its trace_id.",
                field_errors=[{"field": "trace_data.trace_id", "message": "unknown trace id"}],
            )
        return {**found, "trace_id": identifier}
    raise ToolFailure(
        ErrorCode.INVALID_ARGUMENTS,
        'trace_data must be the output of bp_trace or {"trace_id": "trace_..."}.',
        field_errors=[{"field": "trace_data", "message": "no steps and no trace_id"}],
    )


def bp_variable_history(args: BpVariableHistory, context: ToolContext, services: Workbench) -> VariableHistory:
    if not args.trace_data and args.code:
        traceable(args.language, "bp_variable_history")
        trace = run_trace(
            services, context, code=args.code, language=args.language, arguments=_arguments(args),
            trace_points=["all_lines", *args.variable_names], max_steps=args.max_steps, entry_point=args.entry_point,
            problem=traced_input(args, services, args.language),
        )  # fmt: skip
    else:
        trace = resolve_trace(args.trace_data, context, services)
    result = variable_history(trace, list(args.variable_names), args.format)
    result["trace_id"] = trace.get("trace_id")
    result["stop_reason"] = trace.get("stop_reason")
    for key in ("problem_id", "test_id", "input", "expected_output", "matches_expected"):
        if key in trace:
            result[key] = trace[key]
    return cast("VariableHistory", result)


TOOLS: list[AnyTool] = [
    Tool(BpTrace, bp_trace, execution_bucket),
    Tool(BpBreakpoint, bp_breakpoint, execution_bucket),
    Tool(BpVariableHistory, bp_variable_history),
]
