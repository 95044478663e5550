"""A ``bp_breakpoint`` result as a few trace steps, so the panel shows a stop like any step (Qt-free).

A breakpoint stops the program once and reports its call stack (each frame's encoded values) and
the heap those values refer to. Each frame becomes one step, outermost first, the frame that
stopped last, so the Trace tab lists the stack and the Structure tab draws its data.
"""

from __future__ import annotations

from typing import Any


def stop_step(result: dict[str, Any]) -> int | None:
    """The trace step at which the breakpoint stopped (the step after its last recorded one)."""
    recent = result.get("recent_steps") or []
    if not recent:
        return 0 if result.get("hit") else None
    return int(recent[-1].get("step", -1)) + 1


def snapshot_steps(result: dict[str, Any]) -> list[dict]:
    """One step per frame of the stop, outermost first; the heap arrives with the first."""
    frames = list(reversed(result.get("stack") or []))
    steps: list[dict] = []
    for index, frame in enumerate(frames):
        last = index == len(frames) - 1
        step: dict[str, Any] = {
            "step": index,
            "event": "line" if last else "call",
            "line": int(result.get("line") or frame.get("line") or 0) if last else int(frame.get("line") or 0),
            "function": str(frame.get("function", "?")),
            "depth": index + 1,
            "frame": index,
        }
        if frame.get("values"):
            step["changed"] = dict(frame["values"])
        if index == 0 and result.get("heap"):
            step["heap"] = dict(result["heap"])
        steps.append(step)
    return steps


def missed_message(result: dict[str, Any]) -> str:
    """Why a breakpoint did not stop the run, in plain words, with the condition's errors."""
    text = str(result.get("message") or "The breakpoint never stopped the program.")
    errors = result.get("condition_errors") or []
    if errors and "raised" not in text:
        first = errors[0]
        text += f" The condition raised {first.get('error', 'an error')} ({first.get('count', 1)} time(s))."
    return text
