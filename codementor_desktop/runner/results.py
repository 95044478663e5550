"""From what a child reported to the spec's result shapes, with the shared verdicts.

A killed or crashed child still yields a verdict: the test that was running when the process
ended gets TLE (deadline), MLE (memory) or RE (a crash), and an unexplained failure is IE.
"""

from __future__ import annotations

import signal as _signal
from typing import Any

from ..domain.vocabulary import VERDICT_SEVERITY, Verdict
from .protocol import ChildReport

_CPU_SIGNALS = {getattr(_signal, "SIGXCPU", -1)}
_CRASH_SIGNALS = {getattr(_signal, name, -1) for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT")}


def worst(verdicts: list[Verdict]) -> Verdict:
    """The most severe verdict of a list (AC for an empty one)."""
    present = set(verdicts)
    for verdict in VERDICT_SEVERITY:
        if verdict in present:
            return verdict
    return Verdict.AC


def ending_verdict(report: ChildReport) -> tuple[Verdict, str] | None:
    """Why the process ended early, when it did: the verdict and a sentence for a person."""
    if report.cancelled:
        return Verdict.IE, "The run was cancelled."
    if report.memory_exceeded:
        return Verdict.MLE, "Memory limit exceeded: the program was stopped."
    if report.timed_out:
        return Verdict.TLE, "Time limit exceeded: the program was stopped."
    if report.signal in _CPU_SIGNALS:
        return Verdict.TLE, "CPU time limit exceeded."
    if report.signal is not None and report.signal == getattr(_signal, "SIGKILL", 9):
        return Verdict.MLE, "The program was killed (most likely by the memory limit)."
    if report.signal is not None and report.signal in _CRASH_SIGNALS:
        name = _signal_name(report.signal)
        return Verdict.RE, f"The program crashed ({name}); very deep recursion is a common cause."
    if report.internal_error:
        return Verdict.IE, report.internal_error
    if not report.finished:
        tail = report.stderr.strip().splitlines()[-1:] or [""]
        if "MemoryError" in report.stderr:
            return Verdict.MLE, "Memory limit exceeded."
        detail = f": {tail[0]}" if tail[0] else ""
        return Verdict.IE, f"The runner stopped without a result (exit status {report.exit_code}){detail}"
    return None


def _signal_name(number: int) -> str:
    try:
        return _signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def judged_run(report: ChildReport, tests: list[dict], hidden_ids: set | None = None) -> dict[str, Any]:
    """The spec-000 result of ``execute_code`` from a judge run's report."""
    hidden_ids = hidden_ids or set()
    compile_errors = report.of_kind("compile_error")
    internal = report.of_kind("internal_error")
    results: list[dict] = []
    if compile_errors:
        error = compile_errors[0]
        return _error_run(report, Verdict.CE, error, results, tests[0] if tests else None)
    by_id = {t.get("test_id"): t for t in tests}
    for frame in report.of_kind("test"):
        entry = {k: v for k, v in frame.items() if k != "kind"}
        test = by_id.get(entry.get("test_id"), {})
        entry["expected_output"] = test.get("expected_output")
        entry["passed"] = entry.get("verdict") == Verdict.AC.value
        entry["hidden"] = entry.get("test_id") in hidden_ids
        results.append(entry)
    ended = ending_verdict(report)
    if internal and ended is None:
        ended = (Verdict.IE, "The runner failed: " + str(internal[0].get("message", "")))
        if internal[0].get("verdict") == "MLE":
            ended = (Verdict.MLE, "Memory limit exceeded.")
    if ended is not None and len(results) < len(tests):
        verdict, message = ended
        pending = tests[len(results)]
        results.append(
            {
                "test_id": pending.get("test_id"),
                "input": pending.get("input", ""),
                "expected_output": pending.get("expected_output"),
                "actual_output": None,
                "passed": False,
                "verdict": verdict.value,
                "error_type": verdict.error_type,
                "error_message": message,
                "hidden": pending.get("test_id") in hidden_ids,
            }
        )
    _hide_inputs(results, hidden_ids)
    verdicts = [Verdict(r["verdict"]) for r in results]
    passed = sum(1 for v in verdicts if v is Verdict.AC)
    done = report.of_kind("done")
    run: dict[str, Any] = {
        "status": "completed",
        "verdict": worst(verdicts).value if verdicts else (ended[0].value if ended else Verdict.AC.value),
        "execution_time_ms": round(sum(r.get("execution_time_ms") or 0 for r in results), 3),
        "wall_time_ms": round(report.wall_ms, 1),
        "memory_used_kb": (done[0].get("memory_used_kb") if done else None),
        "test_results": results,
        "tests_run": len(results),
        "tests_total": len(tests),
        "all_passed": bool(tests) and passed == len(tests),
        "pass_rate": round(passed / len(tests), 4) if tests else 0.0,
        "backend": report.backend,
        "containment": report.containment,
    }
    first_error = next((r for r in results if Verdict(r["verdict"]).is_error), None)
    if first_error is None and ended is not None and not results:
        first_error = {"verdict": ended[0].value, "error_type": ended[0].error_type, "error_message": ended[1]}
    if first_error is not None:
        run["status"] = "error"
        run["verdict"] = worst(verdicts + [Verdict(first_error["verdict"])]).value
        run["error_type"] = first_error.get("error_type") or Verdict(first_error["verdict"]).error_type
        run["error_message"] = first_error.get("error_message", "")
        run["line_number"] = first_error.get("line_number")
        if first_error.get("traceback"):
            run["traceback"] = first_error["traceback"]
        if "test_id" in first_error:
            run["failed_test_case"] = {"test_id": first_error["test_id"], "input": first_error.get("input", "")}
    else:
        first_wrong = next((r for r in results if r["verdict"] == Verdict.WA.value), None)
        if first_wrong is not None:
            run["failed_test_case"] = {"test_id": first_wrong["test_id"], "input": first_wrong.get("input", "")}
    return run


def _hide_inputs(results: list[dict], hidden_ids: set) -> None:
    """Hidden tests show nothing, except the first one that failed (so the learner can debug it)."""
    shown_one = False
    for entry in results:
        if entry.get("test_id") not in hidden_ids:
            continue
        if not entry["passed"] and not shown_one:
            shown_one = True
            continue
        entry["input"] = "(hidden)"
        entry["expected_output"] = "(hidden)"
        if entry["passed"]:
            entry["actual_output"] = "(hidden)"
        entry["stdout"] = ""


def _error_run(report: ChildReport, verdict: Verdict, error: dict, results: list, test: dict | None) -> dict:
    run = {
        "status": "error",
        "verdict": verdict.value,
        "error_type": verdict.error_type,
        "error_message": error.get("error_message", ""),
        "line_number": error.get("line_number"),
        "test_results": results,
        "tests_run": 0,
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
    if test is not None:
        run["failed_test_case"] = {"test_id": test.get("test_id"), "input": test.get("input", "")}
    return run


def executed_once(report: ChildReport) -> dict[str, Any]:
    """The spec-002 result of ``bp_execute`` from an execute run's report."""
    done = report.of_kind("done")
    memory = done[0].get("memory_used_kb") if done else None
    compile_errors = report.of_kind("compile_error")
    frames = report.of_kind("execution")
    if compile_errors:
        payload = dict(compile_errors[0])
        payload.pop("kind", None)
        payload.update(stdout="", stderr=payload.get("error_message", ""), return_value=None)
    elif frames:
        payload = {k: v for k, v in frames[0].items() if k != "kind"}
    else:
        ended = ending_verdict(report) or (Verdict.IE, "The runner stopped without a result.")
        internal = report.of_kind("internal_error")
        message = ended[1] if not internal else "The runner failed: " + str(internal[0].get("message", ""))
        payload = {
            "verdict": ended[0].value,
            "error_type": ended[0].error_type,
            "error_message": message,
            "stdout": "",
            "stderr": "",
            "return_value": None,
        }
    verdict = Verdict(payload.get("verdict", "IE"))
    result = {
        "status": "error" if verdict.is_error else "success",
        "verdict": verdict.value,
        "stdout": payload.get("stdout", ""),
        "stderr": payload.get("stderr", "") or (payload.get("traceback", "") if verdict.is_error else ""),
        "return_value": payload.get("return_value"),
        "execution_time_ms": payload.get("execution_time_ms") or round(report.wall_ms, 1),
        "memory_usage_kb": memory,
        "backend": report.backend,
        "containment": report.containment,
    }
    for key in ("error_type", "error_message", "line_number", "traceback"):
        if payload.get(key) is not None:
            result[key] = payload[key]
    return result
