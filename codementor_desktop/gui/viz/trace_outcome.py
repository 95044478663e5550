"""How a trace ended, in a sentence for the banner over the Trace tab (Qt-free)."""

from __future__ import annotations

from typing import Any


def describe_outcome(result: dict[str, Any]) -> tuple[str, str]:
    """The sentence and its kind ("info", "warning" or "error") for a ``bp_trace`` result."""
    if result.get("error_code"):  # the tool refused or failed (the registry's error shape)
        return str(result.get("error_message") or result["error_code"]), "error"
    reason = result.get("stop_reason")
    total = int(result.get("total_steps") or len(result.get("steps") or []))
    message = str(result.get("message") or "")
    if reason == "finished":
        text = f"The program finished after {total:,} steps"
        if result.get("return_text") is not None:
            text += f" and returned {result['return_text']}"
        text += "."
        # On an example, whether that is its expected output (by the problem's own comparison).
        if result.get("matches_expected") is True:
            text += f" That is example {result.get('test_id')}'s expected output."
        elif result.get("matches_expected") is False:
            text += f" Example {result.get('test_id')} expects {result.get('expected_output')}."
            return text, "warning"
        return text, "info"
    if reason in ("max_steps", "time_limit"):
        diagnosis = result.get("diagnosis") or {}
        if diagnosis.get("message"):
            message += " " + str(diagnosis["message"])
        return message, "warning"
    if reason == "cancelled":
        return message or "The trace was stopped; the steps so far are kept.", "info"
    if reason == "exception" and result.get("line_number"):
        return f"{message} (line {result['line_number']})", "error"
    return message or f"The trace ended: {reason}.", "error"


def loop_lines(result: dict[str, Any]) -> list[int]:
    """The lines of the loop diagnosed as repeating when the trace stopped early."""
    diagnosis = result.get("diagnosis") or {}
    lines = [int(n) for n in diagnosis.get("lines") or [] if isinstance(n, int) or str(n).isdigit()]
    if len(lines) == 2 and lines[0] <= lines[1]:
        return list(range(lines[0], lines[1] + 1))
    return lines
