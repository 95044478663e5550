"""A tool call and its result as a learner reads them on a card: the key arguments in a line, and
the result as a small HTML table or sentence (the tests, the traced line, the counterexample, the
recommendation). Every string from the learner's code or a tool is escaped."""

from __future__ import annotations

import json
from typing import Any

from ...domain.vocabulary import TestStatus
from ...edge_cases.wording import too_slow_text
from ..text import escaped

PASS_COLOUR, FAIL_COLOUR = "#3fa34d", "#e0524f"  # readable on the light and the dark theme
MAX_ROWS = 8
KEY_ARGUMENTS = ("problem_id", "language", "input_data", "test_cases", "reason", "topic", "hint_level", "target_value")
RUN_TOOLS = frozenset({"execute_code", "bp_run_tests"})
TRACE_TOOLS = frozenset({"bp_trace"})


def short(value: Any, limit: int = 60) -> str:
    """``value`` in one line of at most ``limit`` characters."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def key_arguments(arguments: dict[str, Any] | str) -> str:
    """What the call was about, without the code itself: "problem two-sum · python · code: 2 lines"."""
    if isinstance(arguments, str):
        return f"arguments that are not JSON: {short(arguments)}"
    parts = []
    for name in KEY_ARGUMENTS:
        value = arguments.get(name)
        if value in (None, "", [], {}):
            continue
        parts.append(f"{name.replace('_', ' ')} {short(value, 40)}")
    code = arguments.get("code") or arguments.get("current_code")
    if isinstance(code, str) and code:
        lines = code.count("\n") + (0 if code.endswith("\n") else 1)
        parts.append(f"code: {lines} line{'s' if lines != 1 else ''}")
    return " · ".join(parts) or "no arguments"


def _verdict(text: object, passed: bool | None = None) -> str:
    good = passed if passed is not None else text == "AC"
    return f"<b style='color:{PASS_COLOUR if good else FAIL_COLOUR}'>{escaped(text or '?')}</b>"


def tests_table(result: dict[str, Any]) -> str:
    """The tests of a run: the failing ones first, as many as fit."""
    tests = list(result.get("test_results") or [])
    tests.sort(key=lambda test: (test.get("status") == TestStatus.NOT_RUN, bool(test.get("passed"))))
    rows = [
        "<tr><th align=left>#</th><th align=left>verdict</th><th align=left>input</th>"
        "<th align=left>expected</th><th align=left>got</th></tr>"
    ]
    for test in tests[:MAX_ROWS]:
        if test.get("status") == TestStatus.NOT_RUN:  # the run stopped before it: no verdict, and why
            cells = [escaped(test.get("test_id", "")), "<i>not run</i>", escaped(short(test.get("input", ""), 24))]
            cells += ["", escaped(short(test.get("reason", ""), 40))]
            rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
            continue
        cells = [escaped(test.get("test_id", "")), _verdict(test.get("verdict"), test.get("passed"))]
        cells += [escaped(short(test.get(k, ""), 24)) for k in ("input", "expected_output", "actual_output")]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    more = f"<p>… and {len(tests) - MAX_ROWS} more</p>" if len(tests) > MAX_ROWS else ""
    return f"<table cellspacing=0 cellpadding=2>{''.join(rows)}</table>{more}"


def traced_line(arguments: dict[str, Any] | str, result: dict[str, Any]) -> str:
    """Where the trace ended and why: the last line it ran, with that line of the code."""
    steps = result.get("steps") or result.get("last_steps") or []
    line = next((step.get("line") for step in reversed(steps) if step.get("line")), None)
    said = escaped(result.get("message") or result.get("stop_reason") or "traced")
    if line is None:
        return f"<p>{said}</p>"
    code = arguments.get("code", "") if isinstance(arguments, dict) else ""
    lines = code.splitlines() if isinstance(code, str) else []
    text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
    shown = f": <code>{escaped(text)}</code>" if text else ""
    total = result.get("total_steps")
    count = f" after {total:,} steps" if isinstance(total, int) else ""
    return f"<p>{said}</p><p>Last line run{count}: line {line}{shown}</p>"


def counterexample(result: dict[str, Any]) -> str:
    """The smallest input the code gets wrong, with what it should give and what it gave."""
    cases = result.get("edge_cases") or []
    if not cases:
        return "<p>No input found that your code gets wrong.</p>"
    case = next((c for c in cases if c.get("minimal")), cases[0])
    got = case.get("error_message") or short(case.get("learner_output"))
    if case.get("verdict") == "TLE":
        got = too_slow_text(case)
        return (
            f"<p>{_verdict(case.get('verdict'), False)} on <code>{escaped(short(case.get('input')))}</code>: "
            f"{escaped(got)}</p>" + (f"<p>{len(cases) - 1} more found.</p>" if len(cases) > 1 else "")
        )
    return (
        f"<p>{_verdict(case.get('verdict'), False)} on <code>{escaped(short(case.get('input')))}</code><br>"
        f"expected <code>{escaped(short(case.get('expected_output')))}</code>, got <code>{escaped(got)}</code></p>"
        + (f"<p>{len(cases) - 1} more found.</p>" if len(cases) > 1 else "")
    )


def recommendation(result: dict[str, Any]) -> str:
    chosen = (result.get("recommendations") or [])[:3]
    if not chosen:
        return "<p>No recommendation yet.</p>"
    items = "".join(
        f"<li><b>{escaped(r.get('title') or r.get('problem_id'))}</b> ({escaped(r.get('difficulty', ''))}): "
        f"{escaped(short(r.get('reason', ''), 140))}</li>"
        for r in chosen
    )
    return f"<ul>{items}</ul>"


def readable(name: str, arguments: dict[str, Any] | str, result: dict[str, Any], summary: str) -> str:
    """The result of ``name`` as a learner reads it first (HTML)."""
    if result.get("error_code"):
        return f"<p style='color:{FAIL_COLOUR}'>{escaped(summary)}</p>"
    if "test_results" in result:
        return f"<p>{escaped(summary)}</p>{tests_table(result)}"
    if name in TRACE_TOOLS:
        return traced_line(arguments, result)
    if "edge_cases" in result:
        return counterexample(result)
    if "recommendations" in result:
        return recommendation(result)
    return f"<p>{escaped(summary)}</p>"
