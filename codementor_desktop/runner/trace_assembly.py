"""Traces and breakpoints on the app's side: the jobs, the steps as they stream in, the results.

A trace result holds every step as a dict::

    {"step": 12, "event": "line", "line": 5, "function": "search", "depth": 1, "frame": 1,
     "changed": {"mid": 2}, "heap": {"0": {"set": [[3, 7]]}}, "stdout": "...",
     "return_value": {"ref": 0}, "exception": {"type": "IndexError", "message": "..."}}

``changed`` holds only the variables of that frame that changed (``{"deleted": true}`` for one
that went away); ``heap`` only the objects that are new (a full encoding, with ``"type"``) or
changed (a patch: ``set``, ``put``, ``fields``, ``length``/``append``); ``changed_elsewhere``
(``{frame: changed}``) what the step's line changed in other frames' variables (a ``global`` or
``nonlocal`` assignment, ``import *``, ``exec``). Replaying the steps in order gives the state of
every frame at any step (``visual.replay`` does it). Optional keys appear only when they have
something to say; ``yielded`` and ``resumed`` mark a generator pausing and resuming, and a call
step names its caller's ``parent`` frame. The shape is ``wire.TraceStep``; the steps are expanded
from the child's compact form in ``trace_steps.py``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .channel import token_cost
from .child.wire import Frame
from .protocol import ChildReport
from .results import ending_verdict
from .trace_steps import TracePacker, expand

if TYPE_CHECKING:
    from .child.wire import TraceStep

log = logging.getLogger(__name__)
StepsCallback = Callable[[list["TraceStep"]], None]
STEP_DECODED = 2560  # what one kept step may take once read, on average (a real one takes about 1 KB)
TRACE_DECODED_FLOOR = 64 * 1024 * 1024  # ... plus this, for the odd large structure a program builds


class TraceAssembler:
    """Turns ``trace_batch`` frames into step dicts as they arrive.

    Pass ``feed`` as the runner's ``on_frame``: it runs on the runner's reader thread, so
    ``on_steps`` (if given) receives each new batch there, ready for a window to queue. The
    batches' text is packed as it came, for the run store (``stored``).
    """

    def __init__(self, on_steps: StepsCallback | None = None, max_steps: int | None = None):
        self.steps: list[TraceStep] = []
        # A trace keeps at most ``max_steps`` steps within a decoded budget: a child that sends more
        # (the learner's code writing to the channel) ends the reading (``fault``), as a flood does.
        self.max_steps = max_steps
        self._decoded_budget = TRACE_DECODED_FLOOR + STEP_DECODED * max_steps if max_steps is not None else None
        self._decoded_left = self._decoded_budget
        self.fault: str | None = None
        self.packer = TracePacker()
        self.frames: dict[int, tuple[str, int]] = {}
        self.end: dict | None = None
        self.compile_error: dict | None = None
        self.internal_error: str | None = None
        self.on_steps = on_steps

    def feed(self, frame: dict) -> None:
        kind = frame.get("kind")
        if kind == Frame.TRACE_BATCH:
            # The batch is dropped from the report once expanded: a long trace is held once, not twice.
            text = frame.pop("steps", None)
            if self.fault is not None or not self._within_budget(text):
                return
            try:
                batch = json.loads(text) if isinstance(text, str) else None
            except ValueError:
                batch = None
            if not isinstance(batch, list):
                log.warning("a malformed trace batch was skipped")
                return
            new = expand(batch, len(self.steps), self.frames)
            if self.max_steps is not None and len(self.steps) + len(new) > self.max_steps + 1:
                self.fault = f"more than {self.max_steps} trace steps"
                return
            self.packer.add(text)
            self.steps.extend(new)
            if self.on_steps is not None and new:
                self.on_steps(new)
        elif kind == Frame.TRACE_END:
            self.end = frame
        elif kind == Frame.COMPILE_ERROR:
            self.compile_error = frame
        elif kind == Frame.INTERNAL_ERROR:
            self.internal_error = str(frame.get("message", ""))

    def _within_budget(self, text: Any) -> bool:
        if self._decoded_left is None or not isinstance(text, str):
            return True
        self._decoded_left -= token_cost(text)  # a step's strings are short: no closer look needed
        if self._decoded_left < 0:
            self.fault = f"more than {(self._decoded_budget or 0) // 2**20} MB of trace steps once read"
            return False
        return True

    def stored(self, result: dict[str, Any]) -> bytes:
        """What the run store keeps of ``result`` (this trace's): see ``trace_steps.TracePacker``."""
        return self.packer.packed(result)

    def result(self, report: ChildReport, max_steps: int, language: str = "python") -> dict[str, Any]:
        """The whole trace result once the run is over."""
        out: dict[str, Any] = {"language": language, "max_steps": max_steps, "backend": report.backend}
        out["containment"] = report.containment
        if self.fault is not None and report.channel_fault is None:
            report.channel_fault = self.fault
        if self.compile_error is not None:
            error = {k: v for k, v in self.compile_error.items() if k not in ("kind", "verdict")}
            out.update(status="error", stop_reason="syntax_error", steps=[], total_steps=0, **error)
            out["message"] = f"The code does not compile: {error.get('error_message', '')}"
            return out
        end = self.end or {}
        reason = end.get("reason")
        if reason is None or report.channel_fault:  # a fault on the result channel outweighs any end
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
            stdout=end["stdout"] if "stdout" in end else "".join(s.get("stdout", "") for s in self.steps),
            execution_time_ms=end.get("elapsed_ms", round(report.wall_ms, 1)),
        )
        if end.get("heap"):
            out["trailing_heap"] = end["heap"]
        for key in ("return_value", "return_text", "diagnosis", "error_type", "error_message", "line_number",
                    "traceback", "detail", "answer", "plan_checks"):  # fmt: skip
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
        verdict, text = ended.verdict, ended.message
        reason = {"TLE": "time_limit", "MLE": "memory_limit", "RE": "crashed"}.get(verdict.value, "internal_error")
        return reason, text + " The steps so far are kept."
    if internal:
        return "internal_error", f"The tracer failed: {internal}"
    if report.started:  # a done without the closing report: after started, only the learner's code says that
        return "crashed", "Your program ended the trace before it finished. The steps so far are kept."
    return "internal_error", "The trace ended without its closing report."


def _counts(steps: list[TraceStep]) -> dict[str, int]:
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
    if not ends or report.channel_fault:
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
