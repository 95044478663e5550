"""Running a learner's own tests (bp_run_tests) on a backend, and the result it returns.

The child reports one ``case`` frame per test and a ``coverage`` frame; a compile or load error
of the code or of the tests comes as ``compile_error`` / ``load_error`` with ``where``. A run
that the parent had to stop still yields a result: the tests that reported, and the reason. A
cancelled run says so (``status: "cancelled"``) and has no verdict.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..domain.vocabulary import Verdict
from .child.wire import Frame, Reason, RunStatus, TestStatus
from .protocol import ChildReport, Limits, tests_job
from .results import child_failure, ending_verdict, worst

if TYPE_CHECKING:
    from .child.wire import CaseResult, Coverage, Language, TestsRunResult, TestTotals, TleReason
    from .executor import Executor

FRAMEWORKS = {"python": ("unittest", "pytest"), "javascript": ("jest", "mocha")}
_WHERE = {"code": "the code under test", "tests": "the tests"}
STOPPED_NAME = "(the test run)"  # the case that stands for a test run the parent had to stop
_NO_TESTS = (
    "No tests were found. Python: test_* functions, Test* classes or unittest.TestCase classes; "
    "JavaScript: describe / it / test blocks."
)


class FrameworkMismatch(ValueError):
    """A test framework of another language (jest for Python, pytest for JavaScript)."""

    def __init__(self, language: str, framework: str):
        self.language = language
        self.framework = framework
        styles = " or ".join(FRAMEWORKS.get(language, ()))
        super().__init__(f"{framework} tests are not {language}: {language} tests use the {styles} style here.")


def run_tests(
    executor: Executor,
    *,
    language: Language,
    code: str,
    test_code: str,
    framework: str,
    limits: Limits,
    cancel: threading.Event | None = None,
    progress: Callable[[int, str], None] | None = None,
) -> TestsRunResult:
    """Run ``test_code`` against ``code``: ``limits.timeout_seconds`` of CPU time for each test and
    for the whole run, with the wall clock as a backstop."""
    if framework not in FRAMEWORKS.get(language, ()):
        raise FrameworkMismatch(language, framework)
    limits = limits.clamped()
    job = tests_job(language, code, limits, test_code=test_code, test_framework=framework)
    count = [0]

    def on_frame(frame: dict) -> None:
        if frame.get("kind") == Frame.CASE and progress is not None:
            count[0] += 1
            progress(count[0], f"{frame.get('name')}: {frame.get('verdict') or frame.get('status')}")

    report = executor.run_job(job, limits.wall_seconds(1), cancel, on_frame)
    result = tests_result(report, limits.timeout_seconds)
    if result["status"] != RunStatus.CANCELLED and result["test_results"]:
        if progress is not None:
            progress(count[0], "measuring the coverage")
        cover = {"steps": COVER_STEPS}
        if result["test_results"][-1]["name"] == STOPPED_NAME:
            cover["skip"] = len(result["test_results"]) - 1  # the test the child was lost on, by its place
        seconds = min(Limits.HARD_TIMEOUT, max(COVER_FLOOR_S, 3 * limits.timeout_seconds))
        pass_limits = Limits(
            timeout_seconds=seconds, run_seconds=seconds, memory_mb=limits.memory_mb, output_bytes=limits.output_bytes
        )
        covered = executor.run_job(
            tests_job(language, code, pass_limits, test_code=test_code, test_framework=framework, cover=cover),
            pass_limits.wall_seconds(1), cancel, None,
        )  # fmt: skip
        add_coverage(result, covered)
    result["language"] = language
    result["test_framework"] = framework
    return result


# The coverage pass runs every test again under a line collector, untimed for the learner (the
# timed run traced nothing), with caps of its own: line events per test, and three times the
# run's CPU time (at least COVER_FLOOR_S, at most 10 s) for the whole pass. The line events bound
# the work; the time is the backstop, and on a busy machine a traced heavy test took more than 3 s.
COVER_STEPS = 5_000_000  # a heavy test of the learner's (a levenshtein of 800 characters) fits
COVER_FLOOR_S = 8.0


def add_coverage(result: TestsRunResult, report: ChildReport) -> None:
    """The run's coverage and each test's ``covered_lines``, from the coverage pass's report; its
    tests are the timed run's, in the same order (they are matched by name and place)."""
    if report.cancelled:
        result["coverage"] = {"available": False, "reason": "the coverage pass was stopped"}
        return
    if report.channel_fault:
        result["coverage"] = {"available": False, "reason": "the code wrote to the result channel"}
        return
    result["coverage"] = _coverage(report)
    if not result["coverage"]["available"] and report.timed_out:
        result["coverage"]["reason"] = "the coverage pass ran out of its time"
    frames = report.of_kind(Frame.CASE)
    for case, frame in zip(result["test_results"], frames, strict=False):
        lines = frame.get("covered_lines")
        if frame.get("name") == case["name"] and isinstance(lines, list) and all(isinstance(n, int) for n in lines):
            case["covered_lines"] = lines
    _list_not_run(result, [str(f.get("name")) for f in frames])


def _list_not_run(result: TestsRunResult, names: list[str]) -> None:
    """After a timed run its child did not finish (``(the test run)`` stands for the test it
    was on), the tests it never reached, named by the coverage pass, are listed as not run."""
    cases = result["test_results"]
    if not cases or cases[-1]["name"] != STOPPED_NAME:
        return
    reported = [c["name"] for c in cases[:-1]]
    if names[: len(reported)] != reported or len(names) <= len(reported):
        return  # another order, or the pass did not reach it either: nothing to say for sure
    stopped = cases[-1]
    running = names[len(reported)]
    stopped["message"] = f"{running}: {stopped.get('message') or ''}".rstrip(": ")
    why = {"TLE": "ran out of time", "MLE": "ran out of memory", "OLE": "printed too much"}.get(
        str(stopped.get("verdict")), "ended the test run"
    )
    for name in names[len(reported) + 1 :]:
        cases.append(
            {"name": name, "status": TestStatus.NOT_RUN, "verdict": None, "passed": None,
             "message": f"not run: {running} {why}", "reason": f"not run: {running} {why}"}
        )  # fmt: skip
    totals = result["totals"]
    added = len(names) - len(reported) - 1
    totals["not_run"] = totals.get("not_run", 0) + added
    totals["total"] += added
    counted = totals["total"] - totals["skipped"]
    result["pass_rate"] = round(totals["passed"] / counted, 4) if counted else 0.0


def _coverage(report: ChildReport) -> Coverage:
    frame = cast("dict | None", report.first(Frame.COVERAGE))
    if frame is None:
        return {"available": False, "reason": "the tests did not run to the end"}
    if "unavailable" in frame:
        return {"available": False, "reason": str(frame["unavailable"])}
    total = int(frame.get("lines_total") or 0)
    covered = int(frame.get("lines_covered") or 0)
    return {
        "available": True,
        "lines_total": total,
        "lines_covered": covered,
        "percent": round(100.0 * covered / total, 1) if total else 100.0,
        "missed_lines": list(frame.get("missed") or []),
    }


def _totals(cases: list[CaseResult]) -> TestTotals:
    def count(status: str) -> int:
        return sum(1 for c in cases if c["status"] == status)

    totals: TestTotals = {
        "total": len(cases),
        "passed": count("passed"),
        "failed": count("failed"),
        "errors": count("error"),
        "skipped": count("skipped"),
    }
    if count(TestStatus.NOT_RUN):  # after a test that ran out of memory or output
        totals["not_run"] = count(TestStatus.NOT_RUN)
    return totals


def _shell(report: ChildReport, cases: list[CaseResult]) -> TestsRunResult:
    totals = _totals(cases)
    counted = totals["total"] - totals["skipped"]
    result: TestsRunResult = {
        "status": RunStatus.SUCCESS,
        "test_results": cases,
        "totals": totals,
        "all_passed": bool(counted) and totals["passed"] == counted,
        "pass_rate": round(totals["passed"] / counted, 4) if counted else 0.0,
        "failures": [
            {
                k: c.get(k)
                for k in ("name", "verdict", "message", "line_number", "solution_line")
                if c.get(k) is not None
            }
            for c in cases
            if c["status"] in ("failed", "error")
        ],
        "coverage": _coverage(report),
        "execution_time_ms": round(sum(c.get("execution_time_ms") or 0 for c in cases), 3),
        "wall_time_ms": round(report.wall_ms, 1),
        "memory_used_kb": report.memory_used_kb,
        "backend": report.backend,
        "containment": report.containment,
    }
    if report.cpu_ms is not None:
        result["cpu_time_ms"] = report.cpu_ms
    return result


def _error_result(report: ChildReport, verdict: Verdict, message: str, frame: dict | None = None) -> TestsRunResult:
    result = _shell(report, [])
    result["status"] = RunStatus.ERROR
    result["verdict"] = verdict.value
    result["error_type"] = verdict.error_type
    result["error_message"] = message
    result["coverage"] = {"available": False, "reason": "the tests did not run"}
    where = {
        k: frame[k]
        for k in ("line_number", "column", "source_line", "traceback", "where")
        if frame and frame.get(k) is not None
    }
    return cast("TestsRunResult", {**result, **where})


def tests_result(report: ChildReport, timeout_seconds: float) -> TestsRunResult:
    """The bp_run_tests result of a tests run's report."""
    for kind in (Frame.COMPILE_ERROR, Frame.LOAD_ERROR):
        found = report.first(kind)
        if found is not None and not report.cancelled:
            frame = cast("dict", found)
            where = _WHERE.get(str(frame.get("where")), "the code")
            if kind == Frame.COMPILE_ERROR:
                verb = "do" if where == "the tests" else "does"
                verdict, prefix = Verdict.CE, f"{where.capitalize()} {verb} not compile"
            else:
                verdict, prefix = Verdict(frame.get("verdict") or Verdict.RE), f"Loading {where} failed"
            return _error_result(report, verdict, f"{prefix}: {frame.get('error_message', '')}", frame)
    cases: list[CaseResult] = []
    for frame in report.of_kind(Frame.CASE):
        case = cast("CaseResult", {k: v for k, v in frame.items() if k != "kind"})
        case.setdefault("stdout", "")
        case.setdefault("message", None)
        case["passed"] = case["status"] == "passed"
        cases.append(case)
    if report.cancelled:
        result = _shell(report, cases)
        result["status"] = RunStatus.CANCELLED
        result["all_passed"] = False
        return result
    ended = child_failure(report, ending_verdict(report), "test runner")
    if ended is not None:
        message = ended.message
        if ended.verdict is Verdict.TLE and report.timed_out:
            message = f"The test run went past its time limit of {timeout_seconds:g} s and was stopped."
        stopped: CaseResult = {
            "name": STOPPED_NAME,
            "status": "error",
            "verdict": ended.verdict.value,
            "passed": False,
            "message": message,
        }
        if ended.reason:
            stopped["reason"] = ended.reason
        cases.append(stopped)
    if not cases:
        return _error_result(report, Verdict.RE, _NO_TESTS)
    return _summarise(report, cases)


def _summarise(report: ChildReport, cases: list[CaseResult]) -> TestsRunResult:
    result = _shell(report, cases)
    verdicts = [Verdict(c["verdict"]) for c in cases if c["status"] != "skipped" and c["verdict"]]
    result["verdict"] = worst(verdicts).value
    errors = [(c, Verdict(c["verdict"])) for c in cases if c["verdict"] and Verdict(c["verdict"]).is_error]
    if errors:
        first_error, verdict = errors[0]
        result["status"] = RunStatus.ERROR
        result["error_type"] = verdict.error_type
        result["error_message"] = f"{first_error['name']}: {first_error.get('message') or verdict.meaning}"
        result["line_number"] = first_error.get("line_number")
        if first_error.get("reason") in (Reason.TIME, Reason.OPERATIONS):
            result["reason"] = cast("TleReason", first_error["reason"])
    return result
