"""Per-test line coverage of a judged run, from a second, untimed pass over the tests that ran.

The timed run is never traced: a trace function makes Python code 13 to 17 times slower, and
that cost is not the learner's. So when a run has a test that did not pass, the same tests (the
ones that ran, their inputs only: an expected output never enters the child) run again in a
child of their own with the line collector on (``cover`` in the judge job), and each test's
frame carries the sorted line numbers of the learner's code that ran during its call (the
module's load is left out). The pass has its own caps: line events per test and in all, CPU
time per test and a wall-clock deadline, so a test that loops forever gives the lines it ran
until its cap; whatever the pass gives, the timed run's verdicts stand.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, cast

from ..domain.vocabulary import Verdict
from .child.wire import RunStatus
from .protocol import Limits, judge_job

if TYPE_CHECKING:
    from .backend import Backend
    from .child.wire import FunctionSpec, Language, PerTestCoverage, RunResult, TestCase, TestResult

STEPS_PER_TEST = 1_000_000  # line events one test may run in the pass (about a second, traced)
STEPS_IN_ALL = 4_000_000  # ... and all of the pass's tests together
PASS_SECONDS = 20.0  # the pass's wall-clock deadline, whatever the machine
PASS_LIMITS = Limits(timeout_seconds=5.0, run_seconds=PASS_SECONDS)


def needs_pass(run: RunResult) -> bool:
    """A finished run with a test that ran and did not pass (WA, RE, TLE, MLE, OLE)."""
    if run.get("status") == RunStatus.CANCELLED:
        return False
    return any(r.get("verdict") not in (None, Verdict.AC.value) for r in run.get("test_results", []))


def measure(
    backend: Backend,
    run: RunResult,
    *,
    code: str,
    language: Language,
    tests: list[TestCase],
    function: FunctionSpec | None,
    compare: str,
    memory_mb: int,
    cancel: threading.Event | None = None,
) -> None:
    """Give every test that ran in ``run`` its ``covered_lines`` when the run has one that did not
    pass, and the run its ``coverage``; in place."""
    results = run.get("test_results", [])
    if not needs_pass(run):
        reason = "every test passed" if results else "no test ran"
        run["coverage"] = _coverage(False, f"{reason}: no coverage pass")
        return
    ran = {r["test_id"] for r in results if r.get("verdict") is not None}
    sent = [_inputs_only(t) for t in tests if t["test_id"] in ran]
    limits = Limits(
        timeout_seconds=PASS_LIMITS.timeout_seconds,
        run_seconds=PASS_LIMITS.run_seconds,
        memory_mb=memory_mb,
        output_bytes=PASS_LIMITS.output_bytes,
    ).clamped()
    job = judge_job(
        language, code, limits, tests=sent, function=function, compare=compare,
        cover={"steps": STEPS_PER_TEST, "total": STEPS_IN_ALL},
    )  # fmt: skip
    unreadable = (job.get("instrumented") or {}).get("error")
    if unreadable:
        run["coverage"] = _coverage(False, f"JavaScript coverage needs the code's hooks: {unreadable}")
        return
    try:
        report = backend.run(job, PASS_SECONDS, cancel, None)
    except Exception as exc:  # noqa: BLE001 - coverage is extra: the run's verdicts stand without it
        run["coverage"] = _coverage(False, f"the coverage pass could not run: {exc}")
        return
    if report.cancelled:
        run["coverage"] = _coverage(False, "the coverage pass was stopped")
        return
    if report.channel_fault:
        run["coverage"] = _coverage(False, "the code wrote to the result channel during the coverage pass")
        return
    by_id = {r["test_id"]: r for r in results}
    last_line = code.count("\n") + 1
    measured: set[int] = set()
    capped: list[int] = []
    for frame in report.tests:
        test_id, lines = frame.get("test_id"), frame.get("covered_lines")
        if test_id not in ran or test_id in measured or lines is None or not _line_numbers(lines, last_line):
            continue
        measured.add(test_id)
        by_id[test_id]["covered_lines"] = list(lines)
        if frame.get("capped") is True:
            capped.append(test_id)
    coverage = _coverage(bool(measured), _missing(ran, measured, report))
    if capped:
        coverage["capped_tests"] = capped
    run["coverage"] = coverage


def _inputs_only(test: TestCase) -> TestCase:
    """A test as the pass sends it: its input, never its expected output nor a counting budget."""
    dropped = ("expected_output", "count_lines", "line_budget")
    return cast("TestCase", {k: v for k, v in test.items() if k not in dropped})


def _line_numbers(lines: Any, last_line: int) -> bool:
    return isinstance(lines, list) and all(
        isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= last_line for n in lines
    )


def _missing(ran: set[int], measured: set[int], report: Any) -> str | None:
    """Why some tests that ran have no lines (the pass's caps, or its child ended early)."""
    left = sorted(ran - measured)
    if not left:
        return None
    listed = ", ".join(str(t) for t in left[:10]) + (" ..." if len(left) > 10 else "")
    why = "the coverage pass ran out of its time" if report.timed_out or not report.finished else "past its caps"
    return f"tests {listed} were not measured: {why}"


def _coverage(available: bool, reason: str | None) -> PerTestCoverage:
    return {"available": available, "per_test": True, "reason": reason}


def covered(result: TestResult) -> list[int] | None:
    """The lines a test's call ran, when the coverage pass measured it."""
    lines = result.get("covered_lines")
    return list(lines) if isinstance(lines, list) else None
