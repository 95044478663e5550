"""analyze_code_patterns and flag_incorrect_analysis: thin adapters onto the analysis engine, the
measuring runs and the stored analyses.

An analysis is kept for the learner under its ``attempt_id``: the ``run_id`` of the analysed run
(``test_results`` may be that run's result, which carries it, or ``{"run_id": ...}`` alone), or an
``attempt_…`` id of its own when no run is named. ``flag_incorrect_analysis`` takes that id.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from ..analysis import analyze
from ..domain.vocabulary import ErrorCode
from ..storage.analyses import PatternNotReported, UnknownAttempt
from .context import ToolContext
from .errors import ToolFailure
from .localizing import clues
from .measurement import Cancelled, measure_code
from .registry import AnyTool, Bucket, Tool
from .schemas import AnalyzeCodePatterns, FlagIncorrectAnalysis
from .workbench import Workbench

if TYPE_CHECKING:
    from ..problems.model import Problem
    from .results import Analysis, AnalysisFlagged


def analysis_bucket(_args: object, services: Workbench) -> Bucket:
    """The spec's analysis limit; shared when the measuring runs go to a shared server."""
    return Bucket("analysis", shared=services.backend_name != "local")


def _run_of(args: AnalyzeCodePatterns, context: ToolContext, services: Workbench) -> tuple[dict[str, Any], str | None]:
    """The analysed run's result and its id: ``test_results`` itself, or the stored run it names."""
    given = args.test_results
    run_id = given.get("run_id")
    if run_id is not None and not isinstance(run_id, str):
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            "test_results.run_id must be a string such as 'run_1a2b3c4d5e6f'.",
            field_errors=[{"field": "test_results.run_id", "message": "must be a string"}],
        )
    if run_id is None or set(given) - {"run_id"}:
        return dict(given), run_id
    stored = services.runs.get(run_id, context.learner)
    if stored is None:
        raise ToolFailure(
            ErrorCode.NOT_FOUND,
            f"There is no run {run_id!r} for this learner; pass the run's result as test_results instead.",
            field_errors=[{"field": "test_results.run_id", "message": "unknown run"}],
        )
    return stored, run_id


def analyze_code_patterns(args: AnalyzeCodePatterns, context: ToolContext, services: Workbench) -> Analysis:
    run, run_id = _run_of(args, context, services)
    problem = services.bank.get(args.problem_id)
    history = services.analyses.earlier_runs(context.learner, args.problem_id, before=run_id)
    plain = problem.model_dump(mode="json") if problem is not None else None
    context.report(0.0, "reading the code")
    # Where the bug is: a short search and two traces on a failing input (none when all passed).
    found = clues(services, context, problem, args.code, args.language, run)

    def read(measurement: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return analyze(
            args.code, args.language, plain, run, history,
            optimal_solution=args.optimal_solution, measurement=measurement, clues=found,
        )  # fmt: skip

    result = read()
    if not result.get("analysis_complete"):
        return cast("Analysis", result)  # the spec's ast_parse_failure shape, with the line and column
    if args.measure:
        measured = _measure(args, problem, context, services)
        if measured is None:
            return _cancelled()
        if measured.get("measured") is False:
            result["complexity_analysis"]["evidence"]["measured"] = measured
        else:
            result = read(measured)
            evidence = result["complexity_analysis"]["evidence"]["measured"]
            for key in ("reference", "stopped", "wrong_answers_at", "skipped_sizes"):
                if key in measured:
                    evidence[key] = measured[key]
    if context.cancel.is_set():
        return _cancelled()
    attempt_id = run_id or "attempt_" + secrets.token_hex(6)
    from .recommendations import mastery_now  # the profile is read only when an analysis is kept

    before = mastery_now(services, context.learner)
    services.analyses.save(
        context.learner, attempt_id, result, problem_id=args.problem_id, language=args.language, run_id=run_id
    )
    result["weakness_profile_updated"] = mastery_now(services, context.learner) != before
    context.report(1.0, "analysis done")
    return cast("Analysis", {**result, "attempt_id": attempt_id})


def _measure(
    args: AnalyzeCodePatterns, problem: Problem | None, context: ToolContext, services: Workbench
) -> dict[str, Any] | None:
    """The measurement for ``analyze``, why there is none, or None when the call was stopped."""
    if problem is None:
        return {"measured": False, "reason": f"{args.problem_id!r} is not a bank problem: no generator to measure on"}
    try:
        return measure_code(
            services, problem, args.code, args.language, context.cancel, lambda f, t: context.report(0.05 + 0.9 * f, t)
        )
    except Cancelled:
        return None


def _cancelled() -> Analysis:
    return {"analysis_complete": False, "status": "cancelled", "message": "The analysis was stopped; nothing was kept."}


def flag_incorrect_analysis(args: FlagIncorrectAnalysis, context: ToolContext, services: Workbench) -> AnalysisFlagged:
    try:
        flag = services.analyses.flag(
            context.learner, args.attempt_id, args.feedback.strip(), args.pattern_type, context.caller.value
        )
    except UnknownAttempt:
        raise ToolFailure(
            ErrorCode.NOT_FOUND,
            f"No analysis of attempt {args.attempt_id!r} is kept for this learner; use the attempt_id that "
            "analyze_code_patterns returned.",
            field_errors=[{"field": "attempt_id", "message": "no analysis of this attempt"}],
        ) from None
    except PatternNotReported as exc:
        reported = ", ".join(exc.reported) if exc.reported else "no pattern at all"
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            f"The analysis of {args.attempt_id} did not report {args.pattern_type}; it reported {reported}.",
            field_errors=[{"field": "pattern_type", "message": "not reported by that analysis"}],
            reported_patterns=exc.reported,
        ) from None
    return {
        "status": "flagged",
        "flag_id": flag.flag_id,
        "attempt_id": flag.attempt_id,
        "pattern_type": flag.pattern_type,
        "patterns_flagged": flag.patterns_flagged,
        "message": "Thank you: "
        + (f"{flag.pattern_type} is" if flag.pattern_type else "every pattern of this analysis is")
        + " marked as wrong and no longer counts as a weakness.",
    }


TOOLS: list[AnyTool] = [
    Tool(AnalyzeCodePatterns, analyze_code_patterns, analysis_bucket),
    Tool(FlagIncorrectAnalysis, flag_incorrect_analysis),
]
