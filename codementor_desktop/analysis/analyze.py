"""The one entry: ``analyze(code, language, ...)`` -> the spec's result of ``analyze_code_patterns``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .complexity_classes import Growth, from_label, parse_complexity
from .complexity_measured import combine, fit_complexity, growth_of
from .complexity_static import Estimate, estimate
from .confidence import calibrated
from .context import Context
from .detectors import run_all
from .evidence import read_history, read_run
from .findings import Finding
from .javascript_source import parse_javascript, parse_tree
from .localization import demote_vague, locate
from .metrics import code_quality
from .python_source import ParseFailure, parse_python

LANGUAGES = ("python", "javascript")
_SEVERITY = {"high": 0, "medium": 1, "low": 2}


def analyze(
    code: str,
    language: str,
    problem: Mapping[str, Any] | None = None,
    test_results: Any = None,
    history: Sequence[Any] | None = None,
    *,
    optimal_solution: str | None = None,
    measurement: Mapping[str, Any] | None = None,
    clues: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Analyze one solution.

    ``problem`` is the bank problem as plain data (its ``complexity``, ``inputs``, ``function``,
    ``examples`` and ``tests`` are read), ``test_results`` a run result as ``execute_code``
    returns it (or its list of tests), ``history`` earlier run results of the same learner on
    the problem, ``optimal_solution`` a reference whose structure gives the optimal complexity
    when the problem does not, and ``measurement`` the operation counts of a measured run
    (``{"sizes": [...], "counts": [...]}``, as ``measure_plan`` describes). ``clues`` are what
    the tool layer found for fault localization (``localization.py``: a counterexample's lines,
    the learner's and the reference's traces on a failing input).

    Returns the spec's success shape, or ``{"analysis_complete": false, "error":
    "ast_parse_failure", ...}`` with the line and column of the syntax error. Raises ValueError
    for a language other than python or javascript.
    """
    if language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    if not isinstance(code, str):
        raise ValueError("code must be a string")
    if problem is not None and not isinstance(problem, Mapping) and hasattr(problem, "model_dump"):
        problem = problem.model_dump(mode="json")  # a bank Problem handed over as it is
    try:
        program = parse_python(code) if language == "python" else parse_javascript(code)
        tree = parse_tree(code) if language == "javascript" else None
    except ParseFailure as failure:
        return _parse_failure(failure)
    ctx = Context.build(program, problem, read_run(test_results), read_history(history))
    located = locate(ctx, clues)
    findings = _unique([*demote_vague(calibrated(run_all(ctx)), located), *located])
    structure = estimate(ctx)
    return {
        "analysis_complete": True,
        "detected_patterns": [f.to_spec() for f in findings],
        "complexity_analysis": _complexity(ctx, structure, language, optimal_solution, measurement),
        "code_quality_metrics": code_quality(program, tree),
        "weakness_profile_updated": False,
    }


def _parse_failure(failure: ParseFailure) -> dict[str, Any]:
    where = ""
    if failure.line is not None:
        where = f" at line {failure.line}" + (f", column {failure.column}" if failure.column is not None else "")
    return {
        "analysis_complete": False,
        "error": "ast_parse_failure",
        "message": f"Syntax error in submitted code prevents analysis{where}: {failure.message}",
        "line": failure.line,
        "column": failure.column,
    }


def _unique(findings: list[Finding]) -> list[Finding]:
    """One finding per pattern and line (the most confident), most severe first."""
    best: dict[tuple[str, int], Finding] = {}
    for finding in findings:
        key = (finding.pattern, finding.line_start)
        if key not in best or finding.confidence > best[key].confidence:
            best[key] = finding
    return sorted(best.values(), key=lambda f: (_SEVERITY.get(f.severity, 3), -f.confidence, f.line_start))


def _complexity(
    ctx: Context,
    structure: Estimate,
    language: str,
    optimal_solution: str | None,
    measurement: Mapping[str, Any] | None,
) -> dict[str, Any]:
    optimal_time, optimal_space = ctx.problem.optimal_time_text, ctx.problem.optimal_space_text
    source = "problem" if optimal_time else None
    if not optimal_time and optimal_solution:
        reference = _reference_estimate(optimal_solution, language, ctx)
        if reference is not None:
            optimal_time, optimal_space = reference.time.notation(), reference.space.notation()
            source = "optimal_solution"
    evidence: dict[str, Any] = {
        "time": structure.time_evidence,
        "space": structure.space_evidence,
        "optimal_from": source,
        "built_in_work": structure.hidden.notation(),
    }
    time, spoke = structure.time, _read_from_code(structure)
    if measurement:
        evidence["measured"] = _measured(structure, measurement, language)
        time, spoke = arbitrate(structure, evidence["measured"], time, spoke)
    evidence["time_from"] = spoke
    if structure.time_in_sizes and spoke["source"] == "structure":
        evidence["time_in_sizes"] = structure.time_in_sizes
    return {
        "time_complexity": time.notation(),
        "space_complexity": structure.space.notation(),
        "optimal_time": optimal_time,
        "optimal_space": optimal_space,
        "evidence": evidence,
    }


MEASURED_SURE = 0.5  # a fit at least this confident decides when the reading from the code is unsure


def _read_from_code(structure: Estimate) -> dict[str, Any]:
    notes = sorted(structure.time_evidence, key=_line_of)[:3]
    why = "; ".join(notes) if notes else "no loop or recursion over the input"
    unsure = " (unsure: it rests on a guess)" if structure.unsure else ""
    return {"source": "structure", "text": f"read from the code: {structure.time.notation()} from {why}{unsure}"}


def _line_of(note: str) -> int:
    head = note.split(":", 1)[0].removeprefix("line ")
    return int(head) if head.isdigit() else 0


def arbitrate(
    structure: Estimate, measured: Mapping[str, Any], time: Growth, spoke: dict[str, Any]
) -> tuple[Growth, dict[str, Any]]:
    """The measured class decides when the reading from the code rests on a guess and the
    counted operations fit a class with confidence; otherwise the reading from the code stands."""
    growth = from_label(str(measured.get("class") or "").removeprefix("O(").removesuffix(")") or "?")
    fit = measured.get("fit") or {}
    sizes = fit.get("sizes") or []
    if growth is None or not structure.unsure or float(fit.get("confidence") or 0) < MEASURED_SURE or not sizes:
        return time, spoke
    if structure.time_in_sizes and growth != time:
        # The generator grows its sizes together by one n; the code reads in several of its own
        # sizes, which one curve cannot tell apart: the reading in sizes stands.
        named = structure.time_in_sizes["notation"]
        text = f"{spoke['text']}; the measurement ({growth.label}) grows the input by one n, the code reads {named}"
        return time, {**spoke, "text": text}
    counted = "line events" if measured.get("counted") == "line events" else "running times"
    text = (
        f"measured: {counted} grow as {growth.label} from n={int(min(sizes))} to n={int(max(sizes))} "
        f"(the code's reading, {structure.time.notation()}, rests on a guess)"
    )
    return growth, {"source": "measurement", "text": text}


def _reference_estimate(code: str, language: str, ctx: Context) -> Estimate | None:
    try:
        program = parse_python(code) if language == "python" else parse_javascript(code)
    except ParseFailure:
        return None
    return estimate(Context.build(program, ctx.raw_problem, read_run(None), []))


def _measured(structure: Estimate, measurement: Mapping[str, Any], language: str) -> dict[str, Any]:
    sizes = list(measurement.get("sizes") or [])
    counts = list(measurement.get("counts") or measurement.get("times_ms") or [])
    fit = fit_complexity(sizes, counts)
    counted = growth_of(fit.get("class"))
    growth = combine(counted, structure.hidden)
    result: dict[str, Any] = {
        "class": growth.notation() if growth else None,
        "fit": fit,
        "counted": "line events" if measurement.get("counts") else "time",
    }
    if counted is not None and growth is not None and growth != counted and measurement.get("counts"):
        # The picture shows the counts; say why the class above them is higher.
        result["built_ins"] = (
            f"the line events grow as {counted.notation()}; the work inside built-ins, which they do not "
            f"see, is read from the structure ({structure.hidden.notation()}) and added back"
        )
    if measurement.get("wall_ms"):
        result["wall_ms"] = list(measurement["wall_ms"])
    if not measurement.get("counts"):  # JavaScript's line events are counted too (its tracer's hooks)
        result["note"] = "measured by time, not by counted operations: lower confidence"
        fit["confidence"] = round(float(fit.get("confidence") or 0) * 0.6, 2)
    if growth is not None and growth != structure.time:
        result["agreement"] = (
            f"the structure reads {structure.time.notation()} but the measurement shows {growth.notation()}"
        )
    elif growth is not None:
        result["agreement"] = "the structure and the measurement agree"
    parsed = parse_complexity(growth.notation()) if growth else None
    if parsed is not None and parsed.growth is None:
        result["agreement"] = "the measured class could not be read"
    return result
