"""From what a child reported to the spec's result shapes, with the shared verdicts.

A killed or crashed child still yields a verdict: the test that was running when the process
ended gets TLE (a CPU limit or the wall-clock backstop, ``reason: "time"``), MLE (memory) or RE
(a crash), and an unexplained failure is IE. A cancelled run has no verdict: its status is
``cancelled`` (the learner stopped it; it is not an attempt).
"""

from __future__ import annotations

import signal as _signal
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ..domain.vocabulary import VERDICT_SEVERITY, Verdict
from .child.wire import Frame, Reason, RunStatus, TestStatus
from .judging import Judgment, channel_message
from .protocol import ChildReport

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .child.wire import (
        CompileErrorFrame,
        ExecutionResult,
        FailedTestCase,
        RunResult,
        TestCase,
        TestResult,
        TleReason,
    )

_CPU_SIGNALS = {getattr(_signal, "SIGXCPU", -1)}
_CRASH_SIGNALS = {getattr(_signal, name, -1) for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT")}


def worst(verdicts: Iterable[Verdict]) -> Verdict:
    """The most severe verdict of a list (AC for an empty one)."""
    present = set(verdicts)
    for verdict in VERDICT_SEVERITY:
        if verdict in present:
            return verdict
    return Verdict.AC


@dataclass(frozen=True)
class Ending:
    """Why a child ended before it said everything: the verdict, a sentence, and for TLE why."""

    verdict: Verdict
    message: str
    reason: TleReason | None = None


def ending_verdict(report: ChildReport) -> Ending | None:
    """Why the process ended early, when it did (never for a cancelled run: that has no verdict).

    Once the child said ``started``, the learner's code shares its process: a process that ends
    without its ``done`` and without a signal (``os._exit``, a closed or flooded result channel)
    is the learner's doing, RE, not the runner's failure.
    """
    if report.channel_fault:
        return Ending(Verdict.RE, channel_message(report.channel_fault))
    if report.memory_exceeded:
        return Ending(Verdict.MLE, "Memory limit exceeded: the program was stopped.")
    if report.cpu_exceeded:
        used = f" ({report.pending_cpu_ms / 1000:.1f} s)" if report.pending_cpu_ms else ""
        return Ending(Verdict.TLE, f"Time limit exceeded: the test used up its CPU time{used}.", Reason.TIME)
    if report.timed_out:
        return Ending(
            Verdict.TLE,
            "Time limit exceeded: the program was still running at the wall-clock backstop (three times "
            "its time limit) and was stopped; is it waiting for something?",
            Reason.TIME,
        )
    if report.signal in _CPU_SIGNALS:
        return Ending(Verdict.TLE, "Time limit exceeded: the CPU time limit stopped the program.", Reason.TIME)
    if report.signal is not None and report.signal == getattr(_signal, "SIGKILL", 9):
        return Ending(Verdict.MLE, "The program was killed (most likely by the memory limit).")
    if report.signal is not None and report.signal in _CRASH_SIGNALS:
        name = _signal_name(report.signal)
        return Ending(Verdict.RE, f"The program crashed ({name}); very deep recursion is a common cause.")
    if report.internal_error:
        return Ending(Verdict.IE, report.internal_error)
    if not report.finished:
        tail = report.stderr.strip().splitlines()[-1:] or [""]
        if "MemoryError" in report.stderr:
            return Ending(Verdict.MLE, "Memory limit exceeded.")
        detail = f": {tail[0][:500]}" if tail[0] else ""
        if report.started:
            return Ending(
                Verdict.RE, f"The program ended its process before the run finished (exit status {report.exit_code})"
            )
        return Ending(Verdict.IE, f"The runner stopped without a result (exit status {report.exit_code}){detail}")
    return None


def child_failure(report: ChildReport, ended: Ending | None, what: str = "runner") -> Ending | None:
    """How the run ended, counting the harness's own report of its failure (``internal_error``)."""
    failure = report.child_error
    if failure is None or ended is not None:
        return ended
    if failure.get("verdict") == Verdict.MLE:
        return Ending(Verdict.MLE, "Memory limit exceeded.")
    if report.frames.index(cast("dict", failure)) > _started_at(report):
        # The learner's code ran in the harness's process before this: it can break the harness
        # (or forge this frame), so what follows is its RE. A harness that fails on its own
        # before the learner's code starts is still IE.
        return Ending(Verdict.RE, f"The program broke the {what}: " + str(failure.get("message", ""))[:2000])
    return Ending(
        Verdict(failure.get("verdict") or Verdict.IE), f"The {what} failed: " + str(failure.get("message", ""))
    )


def _started_at(report: ChildReport) -> int:
    """Where ``started`` is among the frames (past the end when there is none)."""
    return next((i for i, f in enumerate(report.frames) if f.get("kind") == Frame.STARTED), len(report.frames))


def _signal_name(number: int) -> str:
    try:
        return _signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def judged_run(report: ChildReport, judgment: Judgment, hidden_ids: set[int] | None = None) -> RunResult:
    """The spec-000 result of ``execute_code`` from a judge run's report, judged here (``judging.py``)."""
    hidden_ids = hidden_ids or set()
    tests = judgment.tests
    compile_error = report.compile_error
    if compile_error is not None and not report.cancelled and not report.tests:
        return _compile_error_run(report, compile_error, tests)
    results, fault = judgment.results(report.tests)
    for entry in results:
        entry["hidden"] = entry["test_id"] in hidden_ids
    if report.cancelled:
        return _cancelled_run(report, results, tests, hidden_ids)
    if fault is not None and report.channel_fault is None:
        report.channel_fault = fault
    ended = child_failure(report, ending_verdict(report))
    if len(results) < len(tests):
        ended = _ended_early(report, results, ended)
    if ended is not None and len(results) < len(tests):
        pending = tests[len(results)]
        stopped: TestResult = {
            "test_id": pending["test_id"],
            "input": pending.get("input", ""),
            "expected_output": pending.get("expected_output"),
            "actual_output": None,
            "passed": False,
            "verdict": ended.verdict.value,
            "execution_time_ms": None,
            "hidden": pending["test_id"] in hidden_ids,
            "error_type": ended.verdict.error_type,
            "error_message": ended.message,
        }
        if ended.reason:
            stopped["reason"] = ended.reason
        if report.pending_cpu_ms is not None:
            stopped["cpu_time_ms"] = report.pending_cpu_ms
        results.append(stopped)
    ran = len(results)
    results += not_run(tests[ran:], results[-1] if results else None, ended, hidden_ids)
    hide_inputs(results, hidden_ids)
    run = _run_shell(report, results, tests)
    run["tests_run"] = ran
    verdicts = [Verdict(r["verdict"]) for r in results if r["verdict"] is not None]
    run["verdict"] = (worst(verdicts) if verdicts else (ended.verdict if ended else Verdict.AC)).value
    first_error = next((r for r in results if r["verdict"] is not None and Verdict(r["verdict"]).is_error), None)
    if first_error is not None:
        run["status"] = RunStatus.ERROR
        describe_failure(run, first_error)
    elif ended is not None and ran == 0:
        run["status"] = RunStatus.ERROR
        run["verdict"] = ended.verdict.value
        run["error_type"] = ended.verdict.error_type
        run["error_message"] = ended.message
        if ended.reason:
            run["reason"] = ended.reason
    else:
        first_wrong = next((r for r in results if r["verdict"] == Verdict.WA), None)
        if first_wrong is not None:
            run["failed_test_case"] = _case(first_wrong)
    if report.channel_fault and not any(r["verdict"] == Verdict.RE for r in results):
        # A fault after the last test's result: the run is RE all the same (VOCABULARY.md).
        run["status"] = RunStatus.ERROR
        run["verdict"] = Verdict.RE.value
        run["all_passed"] = False
        run["error_type"] = Verdict.RE.error_type
        run["error_message"] = channel_message(report.channel_fault)
    if ran < len(tests) and run["verdict"] in (Verdict.AC, Verdict.WA):
        # Never AC (nor a plain WA) with a test not run: the run stopped without a cause it could name.
        run["status"] = RunStatus.ERROR
        run["verdict"] = Verdict.IE.value
        run["error_type"] = Verdict.IE.error_type
        run["error_message"] = f"The run stopped after {ran} of {len(tests)} tests without saying why."
    return run


_HARNESS_STOPS = (Verdict.TLE, Verdict.MLE, Verdict.OLE)  # after these the child's harness itself stops


def ended_before(position: int) -> str:
    """The learner's message for a run whose program ended before its test at ``position`` (1-based)."""
    return f"Your program ended before test {position} ran."


def _ended_early(report: ChildReport, results: list[TestResult], ended: Ending | None) -> Ending | None:
    """Why a judge run has fewer results than tests. Its harness stops early only after a TLE, MLE
    or OLE, or when it fails before the learner's code runs; a ``done`` before every test has its
    result (the learner's code found the frame writer), or a process that ended without one, is
    the learner's program ending the run: RE for the test it never finished (VOCABULARY.md)."""
    if results and results[-1]["verdict"] is not None and Verdict(results[-1]["verdict"]) in _HARNESS_STOPS:
        return ended
    learner_ended = ended is None or (
        ended.verdict == Verdict.RE and report.started and not report.channel_fault and report.signal is None
    )
    if not learner_ended or not report.started:
        return ended
    detail = f" (exit status {report.exit_code})" if report.exit_code else ""
    if ended is not None and ended.message.startswith("The program broke the"):
        detail = f" ({ended.message})"
    return Ending(Verdict.RE, ended_before(len(results) + 1)[:-1] + detail + ".")


# Why the tests after a stopping one did not run, by the stopping test's verdict.
_STOPPED_BY = {
    Verdict.TLE: "ran out of time",
    Verdict.MLE: "ran out of memory",
    Verdict.OLE: "printed more than the output limit",
    Verdict.RE: "ended the program",
    Verdict.IE: "could not be run",
}


def not_run(
    left: list[TestCase], last: TestResult | None, ended: Ending | None, hidden_ids: set[int]
) -> list[TestResult]:
    """The tests the run never reached (VOCABULARY.md): ``verdict: null``, ``status: "not_run"``
    and a ``reason`` sentence naming the test that stopped the run."""
    if last is not None and last["verdict"] is not None:
        why = _STOPPED_BY.get(Verdict(last["verdict"]), "stopped the run")
        reason = f"not run: test {last['test_id']} {why}"
    elif ended is not None:
        reason = f"not run: {ended.message[:1].lower()}{ended.message[1:]}"
    else:
        reason = "not run: the run ended before it"
    return [
        cast(
            "TestResult",
            {
                "test_id": test["test_id"],
                "input": test.get("input", ""),
                "expected_output": test.get("expected_output"),
                "actual_output": None,
                "passed": False,
                "verdict": None,
                "status": TestStatus.NOT_RUN,
                "reason": reason,
                "execution_time_ms": None,
                "hidden": test["test_id"] in hidden_ids,
            },
        )
        for test in left
    ]


def describe_failure(run: RunResult, failed: TestResult) -> None:
    """The run's error fields (spec 000) from the test that failed first."""
    verdict = Verdict(failed["verdict"] or Verdict.IE)
    run["error_type"] = failed.get("error_type") or verdict.error_type
    run["error_message"] = failed.get("error_message", "")
    run["line_number"] = failed.get("line_number")
    if failed.get("reason") in (Reason.TIME, Reason.OPERATIONS):
        run["reason"] = cast("TleReason", failed["reason"])
    if failed.get("traceback"):
        run["traceback"] = failed["traceback"]
    run["failed_test_case"] = _case(failed)


def _case(test: TestResult) -> FailedTestCase:
    return {"test_id": test["test_id"], "input": test.get("input", "")}


def _run_shell(report: ChildReport, results: list[TestResult], tests: list[TestCase]) -> RunResult:
    """The fields every judged run has, from its tests; the verdict and errors come after."""
    passed = sum(1 for r in results if r["passed"])
    run: RunResult = {
        "status": RunStatus.COMPLETED,
        "execution_time_ms": round(sum(r.get("execution_time_ms") or 0 for r in results), 3),
        "wall_time_ms": round(report.wall_ms, 1),
        "memory_used_kb": report.memory_used_kb,
        "test_results": results,
        "tests_run": len(results),
        "tests_total": len(tests),
        "all_passed": bool(tests) and passed == len(tests),
        "pass_rate": round(passed / len(tests), 4) if tests else 0.0,
        "backend": report.backend,
        "containment": report.containment,
    }
    if report.cpu_ms is not None:
        run["cpu_time_ms"] = report.cpu_ms
    return run


def _cancelled_run(
    report: ChildReport, results: list[TestResult], tests: list[TestCase], hidden_ids: set[int]
) -> RunResult:
    hide_inputs(results, hidden_ids)
    run = _run_shell(report, results, tests)
    run["status"] = RunStatus.CANCELLED
    run["all_passed"] = False
    return run


def hide_inputs(results: list[TestResult], hidden_ids: set[int]) -> None:
    """Hidden tests show nothing, except the first one that failed (so the learner can debug it)."""
    shown_one = False
    for entry in results:
        if entry["test_id"] not in hidden_ids:
            continue
        if not entry["passed"] and not shown_one and entry["verdict"] is not None:
            shown_one = True
            continue
        entry["input"] = "(hidden)"
        entry["expected_output"] = "(hidden)"
        if entry["passed"]:
            entry["actual_output"] = "(hidden)"
        entry["stdout"] = ""


def _compile_error_run(report: ChildReport, error: CompileErrorFrame, tests: list[TestCase]) -> RunResult:
    run: RunResult = {
        "status": RunStatus.ERROR,
        "verdict": Verdict.CE.value,
        "error_type": Verdict.CE.error_type,
        "error_message": error.get("error_message", ""),
        "line_number": error.get("line_number"),
        "test_results": [],
        "tests_run": 0,
        "tests_total": len(tests),
        "all_passed": False,
        "pass_rate": 0.0,
        "execution_time_ms": 0,
        "wall_time_ms": round(report.wall_ms, 1),
        "memory_used_kb": None,
        "backend": report.backend,
        "containment": report.containment,
    }
    if error.get("column"):
        run["column"] = error["column"]
    if error.get("source_line"):
        run["source_line"] = error["source_line"]
    if tests:
        run["failed_test_case"] = {"test_id": tests[0]["test_id"], "input": tests[0].get("input", "")}
    return run


def executed_once(report: ChildReport) -> ExecutionResult:
    """The spec-002 result of ``bp_execute`` from an execute run's report."""
    memory = report.memory_used_kb
    compile_error = report.compile_error
    frame = report.execution
    if len(report.of_kind(Frame.EXECUTION)) > 1 and report.channel_fault is None:
        report.channel_fault = "a second result for the one run"
    if report.channel_fault:
        frame = None  # whatever came on the channel, the learner's code wrote to it
    if report.cancelled and frame is None:
        return {
            "status": RunStatus.CANCELLED,
            "stdout": "",
            "stderr": "",
            "return_value": None,
            "execution_time_ms": round(report.wall_ms, 1),
            "memory_usage_kb": memory,
            "backend": report.backend,
        }
    payload: dict
    if compile_error is not None and not report.channel_fault:
        payload = {k: v for k, v in compile_error.items() if k != "kind"}
        payload.update(stdout="", stderr=payload.get("error_message", ""), return_value=None)
    elif frame is not None:
        payload = {k: v for k, v in frame.items() if k != "kind"}
    else:
        ended = child_failure(report, ending_verdict(report))
        if ended is None:
            # The child said done without a result: after ``started`` only the learner's code does that.
            ended = (
                Ending(Verdict.RE, "Your program ended before its run finished.")
                if report.started
                else Ending(Verdict.IE, "The runner stopped without a result.")
            )
        payload = {
            "verdict": ended.verdict.value,
            "error_type": ended.verdict.error_type,
            "error_message": ended.message,
            "stdout": "",
            "stderr": "",
            "return_value": None,
        }
        if ended.reason:
            payload["reason"] = ended.reason
        if report.pending_cpu_ms is not None:
            payload["cpu_time_ms"] = report.pending_cpu_ms
    verdict = Verdict(payload.get("verdict", Verdict.IE))
    result: ExecutionResult = {
        "status": RunStatus.ERROR if verdict.is_error else RunStatus.SUCCESS,
        "verdict": verdict.value,
        "stdout": payload.get("stdout", ""),
        "stderr": payload.get("stderr", "") or (payload.get("traceback", "") if verdict.is_error else ""),
        "return_value": payload.get("return_value"),
        "execution_time_ms": payload.get("execution_time_ms") or round(report.wall_ms, 1),
        "memory_usage_kb": memory,
        "backend": report.backend,
        "containment": report.containment,
    }
    extra = ("reason", "cpu_time_ms", "error_type", "error_message", "line_number", "traceback")
    return cast("ExecutionResult", {**result, **{k: payload[k] for k in extra if payload.get(k) is not None}})
