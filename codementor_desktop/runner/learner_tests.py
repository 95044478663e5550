"""Running a learner's own tests (bp_run_tests) on a backend, and the result it returns.

The child reports one ``case`` frame per test and a ``coverage`` frame; a compile or load error
of the code or of the tests comes as ``compile_error`` / ``load_error`` with ``where``. A run
that the parent had to stop still yields a result: the tests that reported, and the reason.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ..domain.vocabulary import Verdict
from .protocol import ChildReport, Limits, new_job
from .results import ending_verdict, worst

FRAMEWORKS = {"python": ("unittest", "pytest"), "javascript": ("jest", "mocha")}
# Time beyond the tests' own limit for starting the child and collecting coverage.
STARTUP_SECONDS = 3.0
_WHERE = {"code": "the code under test", "tests": "the tests"}


class FrameworkMismatch(ValueError):
    """A test framework of another language (jest for Python, pytest for JavaScript)."""

    def __init__(self, language: str, framework: str):
        self.language = language
        self.framework = framework
        styles = " or ".join(FRAMEWORKS.get(language, ()))
        super().__init__(f"{framework} tests are not {language}: {language} tests use the {styles} style here.")


def run_tests(
    executor,
    *,
    language: str,
    code: str,
    test_code: str,
    framework: str,
    limits: Limits,
    cancel: threading.Event | None = None,
    progress: Callable[[int, str], None] | None = None,
) -> dict[str, Any]:
    """Run ``test_code`` against ``code``; ``limits.timeout_seconds`` bounds the whole run."""
    if framework not in FRAMEWORKS.get(language, ()):
        raise FrameworkMismatch(language, framework)
    limits = limits.clamped()
    job = new_job("tests", language, code, limits, test_code=test_code, test_framework=framework)
    count = [0]

    def on_frame(frame: dict) -> None:
        if frame.get("kind") == "case" and progress is not None:
            count[0] += 1
            progress(count[0], f"{frame.get('name')}: {frame.get('verdict') or frame.get('status')}")

    report = executor.run_job(job, limits.timeout_seconds + STARTUP_SECONDS, cancel, on_frame)
    result = tests_result(report, limits.timeout_seconds)
    result.update(language=language, test_framework=framework)
    return result


def _coverage(report: ChildReport) -> dict[str, Any]:
    frames = report.of_kind("coverage")
    if not frames:
        return {"available": False, "reason": "the tests did not run to the end"}
    frame = frames[0]
    if "unavailable" in frame:
        return {"available": False, "reason": frame["unavailable"]}
    total = int(frame.get("lines_total") or 0)
    covered = int(frame.get("lines_covered") or 0)
    return {
        "available": True,
        "lines_total": total,
        "lines_covered": covered,
        "percent": round(100.0 * covered / total, 1) if total else 100.0,
        "missed_lines": list(frame.get("missed") or []),
    }


def _error_result(report: ChildReport, verdict: Verdict, message: str, frame: dict | None = None) -> dict:
    result: dict[str, Any] = {
        "status": "error",
        "verdict": verdict.value,
        "error_type": verdict.error_type,
        "error_message": message,
        "test_results": [],
        "totals": {"total": 0, "passed": 0, "failed": 0, "errors": 0, "skipped": 0},
        "all_passed": False,
        "pass_rate": 0.0,
        "failures": [],
        "coverage": {"available": False, "reason": "the tests did not run"},
        "wall_time_ms": round(report.wall_ms, 1),
        "backend": report.backend,
        "containment": report.containment,
    }
    for key in ("line_number", "column", "source_line", "traceback", "where"):
        if frame and frame.get(key) is not None:
            result[key] = frame[key]
    return result


def tests_result(report: ChildReport, timeout_seconds: float) -> dict[str, Any]:
    """The bp_run_tests result of a tests run's report."""
    for kind in ("compile_error", "load_error"):
        frames = report.of_kind(kind)
        if frames:
            frame = frames[0]
            where = _WHERE.get(str(frame.get("where")), "the code")
            if kind == "compile_error":
                verdict, prefix = (
                    Verdict.CE,
                    f"{where.capitalize()} {'do' if where == 'the tests' else 'does'} not compile",
                )
            else:
                verdict, prefix = Verdict(frame.get("verdict") or "RE"), f"Loading {where} failed"
            return _error_result(report, verdict, f"{prefix}: {frame.get('error_message', '')}", frame)
    cases = []
    for frame in report.of_kind("case"):
        case = {k: v for k, v in frame.items() if k != "kind"}
        case.setdefault("stdout", "")
        case.setdefault("message", None)
        case["passed"] = case.get("status") == "passed"
        cases.append(case)
    ended = ending_verdict(report)
    internal = report.of_kind("internal_error")
    if internal and ended is None:
        ended = (
            Verdict(internal[0].get("verdict") or "IE"),
            "The test runner failed: " + str(internal[0].get("message", "")),
        )
    if ended is not None:
        verdict, message = ended
        if verdict is Verdict.TLE and report.timed_out:
            message = f"The test run went past its time limit of {timeout_seconds:g} s and was stopped."
        cases.append(
            {"name": "(the test run)", "status": "error", "verdict": verdict.value, "passed": False, "message": message}
        )
    if not cases:
        return _error_result(
            report,
            Verdict.RE,
            "No tests were found. Python: test_* functions, Test* classes or unittest.TestCase classes; "
            "JavaScript: describe / it / test blocks.",
        )
    return _summarise(report, cases)


def _summarise(report: ChildReport, cases: list[dict]) -> dict[str, Any]:
    counted = [c for c in cases if c.get("status") != "skipped"]
    verdicts = [Verdict(c["verdict"]) for c in counted if c.get("verdict")]
    totals = {
        "total": len(cases),
        "passed": sum(1 for c in cases if c.get("status") == "passed"),
        "failed": sum(1 for c in cases if c.get("status") == "failed"),
        "errors": sum(1 for c in cases if c.get("status") == "error"),
        "skipped": sum(1 for c in cases if c.get("status") == "skipped"),
    }
    failures = [
        {k: c.get(k) for k in ("name", "verdict", "message", "line_number", "solution_line") if c.get(k) is not None}
        for c in cases
        if c.get("status") in ("failed", "error")
    ]
    done = report.of_kind("done")
    result: dict[str, Any] = {
        "status": "success",
        "verdict": worst(verdicts).value if verdicts else Verdict.AC.value,
        "test_results": cases,
        "totals": totals,
        "all_passed": bool(counted) and totals["passed"] == len(counted),
        "pass_rate": round(totals["passed"] / len(counted), 4) if counted else 0.0,
        "failures": failures,
        "coverage": _coverage(report),
        "execution_time_ms": round(sum(c.get("execution_time_ms") or 0 for c in cases), 3),
        "wall_time_ms": round(report.wall_ms, 1),
        "memory_used_kb": done[0].get("memory_used_kb") if done else None,
        "backend": report.backend,
        "containment": report.containment,
    }
    first_error = next((c for c in cases if c.get("verdict") and Verdict(c["verdict"]).is_error), None)
    if first_error is not None:
        verdict = Verdict(first_error["verdict"])
        result.update(
            status="error",
            error_type=verdict.error_type,
            error_message=f"{first_error['name']}: {first_error.get('message') or verdict.meaning}",
            line_number=first_error.get("line_number"),
        )
    return result
