"""Traces and breakpoints on the app's side: the jobs, the steps as they stream in, the results.

A trace result holds every step as a dict::

    {"step": 12, "event": "line", "line": 5, "function": "search", "depth": 1, "frame": 1,
     "changed": {"mid": 2}, "heap": {"0": {"set": [[3, 7]]}}, "stdout": "...",
     "return_value": {"ref": 0}, "exception": {"type": "IndexError", "message": "..."}}

``changed`` holds only the variables of that frame that changed (``{"deleted": true}`` for one
that went away); ``heap`` only the objects that are new (a full encoding, with ``"type"``) or
changed (a patch: ``set``, ``put``, ``fields``, ``length``/``append``). Replaying the steps in order
gives the state at any step (``visual.replay`` does it). Optional keys appear only when they
have something to say; ``yielded`` and ``resumed`` mark a generator pausing and resuming, and
a call step names its caller's ``parent`` frame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .protocol import ChildReport, Limits, new_job
from .results import ending_verdict

log = logging.getLogger(__name__)
EVENTS = ("line", "call", "return", "exception")
StepsCallback = Callable[[list[dict]], None]


def trace_job(
    code: str,
    language: str,
    limits: Limits,
    *,
    arguments: dict[str, Any],
    trace_points: list,
    max_steps: int,
    entry_point: str | None = None,
    batch_size: int = 1000,
) -> dict:
    """The job for the child's ``trace`` mode."""
    job = new_job("trace", language, code, limits, entry_point=entry_point, trace_points=list(trace_points),
                  max_steps=max_steps, batch_size=batch_size, **arguments)  # fmt: skip
    return job


def breakpoint_job(
    code: str,
    language: str,
    limits: Limits,
    *,
    arguments: dict[str, Any],
    condition: str,
    watch: list[str],
    line: int | None,
    hit: int,
    entry_point: str | None = None,
) -> dict:
    """The job for the child's ``breakpoint`` mode."""
    return new_job("breakpoint", language, code, limits, entry_point=entry_point, condition=condition,
                   watch=list(watch), line=line, hit=hit, **arguments)  # fmt: skip


class TraceAssembler:
    """Turns ``trace_batch`` frames into step dicts as they arrive.

    Pass ``feed`` as the runner's ``on_frame``: it runs on the runner's reader thread, so
    ``on_steps`` (if given) receives each new batch there, ready for a window to queue.
    """

    def __init__(self, on_steps: StepsCallback | None = None):
        self.steps: list[dict] = []
        self.frames: dict[int, dict] = {}
        self.end: dict | None = None
        self.compile_error: dict | None = None
        self.internal_error: str | None = None
        self.on_steps = on_steps

    def feed(self, frame: dict) -> None:
        kind = frame.get("kind")
        if kind == "trace_batch":
            # The batch is dropped from the report once expanded: a long trace is held once, not twice.
            wire = frame.pop("steps", None)
            if not isinstance(wire, list):
                return
            new = []
            for item in wire:
                step = self._expand(item)
                if step is not None:
                    self.steps.append(step)
                    new.append(step)
            if self.on_steps is not None and new:
                self.on_steps(new)
        elif kind == "trace_end":
            self.end = frame
        elif kind == "compile_error":
            self.compile_error = frame
        elif kind == "internal_error":
            self.internal_error = str(frame.get("message", ""))

    def _expand(self, wire: Any) -> dict | None:
        try:
            event, line, uid = int(wire[0]), int(wire[1]), int(wire[2])
            changed = wire[3] if len(wire) > 3 else None
            heap = wire[4] if len(wire) > 4 else None
            stdout = wire[5] if len(wire) > 5 else None
            extra = wire[6] if len(wire) > 6 else None
            name = EVENTS[event]
        except (TypeError, ValueError, IndexError, KeyError):
            log.warning("a malformed trace step was skipped")
            return None
        if event == 1 and isinstance(extra, dict):
            self.frames[uid] = {"function": str(extra.get("function", "?")), "depth": extra.get("depth", 0)}
        info = self.frames.get(uid, {"function": "?", "depth": 0})
        step: dict[str, Any] = {
            "step": len(self.steps),
            "event": name,
            "line": line,
            "function": info["function"],
            "depth": info["depth"],
            "frame": uid,
        }
        if isinstance(changed, dict) and changed:
            step["changed"] = changed
        if isinstance(heap, dict) and heap:
            step["heap"] = heap
        if isinstance(stdout, str) and stdout:
            step["stdout"] = stdout
        if isinstance(extra, dict):
            if event == 2:
                step["return_value"] = extra.get("value")
            if "exception" in extra:
                step["exception"] = extra["exception"]
            if event == 1 and extra.get("parent") is not None:
                step["parent"] = extra["parent"]
            for flag in ("yielded", "resumed"):
                if extra.get(flag):
                    step[flag] = True
        return step

    def result(self, report: ChildReport, max_steps: int, language: str = "python") -> dict[str, Any]:
        """The whole trace result once the run is over."""
        out: dict[str, Any] = {"language": language, "max_steps": max_steps, "backend": report.backend}
        out["containment"] = report.containment
        if self.compile_error is not None:
            error = {k: v for k, v in self.compile_error.items() if k not in ("kind", "verdict")}
            out.update(status="error", stop_reason="syntax_error", steps=[], total_steps=0, **error)
            out["message"] = f"The code does not compile: {error.get('error_message', '')}"
            return out
        end = self.end or {}
        reason = end.get("reason")
        if reason is None:
            reason, message = _reason_without_end(report, self.internal_error)
        else:
            message = end.get("message") or _MESSAGES.get(reason, "")
        if reason == "exception" and not end.get("message"):
            message = f"The program raised {end.get('error_message', 'an exception')}."
        out.update(
            status=_STATUS.get(reason, "error"),
            stop_reason=reason,
            message=message,
            total_steps=len(self.steps),
            steps=self.steps,
            line_counts={str(k): v for k, v in (end.get("line_counts") or _counts(self.steps)).items()},
            stdout=end.get("stdout", "".join(s.get("stdout", "") for s in self.steps)),
            execution_time_ms=end.get("elapsed_ms", round(report.wall_ms, 1)),
        )
        if end.get("heap"):
            out["trailing_heap"] = end["heap"]
        for key in ("return_value", "return_text", "diagnosis", "error_type", "error_message", "line_number",
                    "traceback", "detail"):  # fmt: skip
            if end.get(key) is not None:
                out[key] = end[key]
        return out


_STATUS = {"finished": "success", "max_steps": "stopped", "time_limit": "stopped"}
_MESSAGES = {
    "finished": "The program finished.",
    "memory_limit": "The program ran out of memory.",
    "output_limit": "The program printed more than the output limit.",
    "error": "The program could not be called.",
}


def _reason_without_end(report: ChildReport, internal: str | None) -> tuple[str, str]:
    ended = ending_verdict(report)
    if report.cancelled:
        return "cancelled", "The trace was cancelled; the steps so far are kept."
    if ended is not None:
        verdict, text = ended
        reason = {"TLE": "time_limit", "MLE": "memory_limit", "RE": "crashed"}.get(verdict.value, "internal_error")
        return reason, text + " The steps so far are kept."
    if internal:
        return "internal_error", f"The tracer failed: {internal}"
    return "internal_error", "The trace ended without its closing report."


def _counts(steps: list[dict]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for step in steps:
        if step["event"] == "line":
            counts[str(step["line"])] = counts.get(str(step["line"]), 0) + 1
    return counts


def breakpoint_result(report: ChildReport, language: str = "python") -> dict[str, Any]:
    """The bp_breakpoint result: the state at the stop, or why the condition never stopped the run."""
    compile_errors = report.of_kind("compile_error")
    ends = report.of_kind("breakpoint_end")
    out: dict[str, Any] = {"language": language, "backend": report.backend}
    out["containment"] = report.containment
    if compile_errors:
        error = {k: v for k, v in compile_errors[0].items() if k not in ("kind", "verdict")}
        out.update(status="error", hit=False, reason="syntax_error", **error)
        out["message"] = f"The code does not compile: {error.get('error_message', '')}"
        return out
    if not ends:
        internal = report.of_kind("internal_error")
        reason, message = _reason_without_end(report, str(internal[0].get("message")) if internal else None)
        out.update(status="error", hit=False, reason=reason, message=message)
        return out
    end = {k: v for k, v in ends[0].items() if k not in ("kind", "steps", "events")}
    out.update(end)
    out["status"] = "success" if end.get("hit") else ("error" if end.get("reason") == "internal_error" else "not_hit")
    out["execution_time_ms"] = end.get("elapsed_ms", round(report.wall_ms, 1))
    out.pop("elapsed_ms", None)
    return out
