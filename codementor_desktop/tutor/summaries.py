"""A tool result in one line for a person: the card's title under the tool's name."""

from __future__ import annotations

from typing import Any


def summarize(name: str, result: dict[str, Any]) -> str:
    """What a learner reads first about ``result``; the raw JSON stays available beside it."""
    if result.get("status") == "error":
        return f"{name} refused: {result.get('error_code', 'ERROR')}: {result.get('error_message', '')}".strip()
    if "test_results" in result and "verdict" in result:
        return _run(result)
    if "detected_patterns" in result:
        patterns = [p.get("pattern_type", "?") for p in result.get("detected_patterns") or []]
        complexity = (result.get("complexity_analysis") or {}).get("time_complexity")
        found = ", ".join(patterns) if patterns else "no pattern found"
        return f"{found}" + (f"; time {complexity}" if complexity else "")
    if "verdict" in result:
        return _execution(result)
    data = result.get("data")
    if isinstance(data, dict) and data.get("new_question"):
        who = f" ({result['model']})" if result.get("model") else ""
        return f"a deeper question{who}: {_short(data['new_question'])}"
    if isinstance(data, dict) and data.get("session_ended"):
        insights = data.get("key_insights") or []
        return f"session ended: {data.get('summary_title', '')}; {len(insights)} insight(s) kept"
    if "hint_level" in result and "hints_total" in result:
        return f"hint {result['hint_level']} of {result['hints_total']}"
    if "edge_cases" in result:
        failing = [c for c in result.get("edge_cases") or [] if c.get("verdict") not in (None, "AC")]
        return f"{len(failing)} failing edge case(s)" + (f", first on {failing[0].get('input')}" if failing else "")
    if "trace_id" in result and "total_steps" in result:
        return f"{result['total_steps']} steps traced; returned {result.get('return_text', '?')}"
    if "recommendations" in result:
        return "recommends " + (", ".join(str(r.get("title")) for r in result["recommendations"]) or "nothing yet")
    keys = ", ".join(sorted(result)[:4])
    return f"{name} answered ({keys})"


def _short(text: Any, limit: int = 120) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _execution(result: dict[str, Any]) -> str:
    """One run of code on one input (``bp_execute``): its verdict, what it returned and printed."""
    line = f"verdict {result['verdict']}"
    if result.get("return_value") not in (None, ""):
        line += f"; returned {_short(result['return_value'], 60)}"
    if result.get("stdout"):
        line += f"; printed {_short(result['stdout'], 60)}"
    if result.get("error_message"):
        line += f"; {_short(result['error_message'], 80)}"
    return line


def _run(result: dict[str, Any]) -> str:
    total = result.get("tests_total", len(result.get("test_results") or []))
    passed = sum(1 for test in result.get("test_results") or [] if test.get("passed"))
    line = f"{result['verdict']}: {passed} of {total} tests passed"
    failed = result.get("failed_test_case")
    if isinstance(failed, dict) and failed.get("input") is not None:
        line += f"; test {failed.get('test_id', '?')} fails on input {failed['input']}"
    return line
