"""A tool call and its result as a learner reads them under a card's title: the key arguments in a
line (the title's tooltip), and the result as a small HTML table or sentence (the tests, the traced
line, the counterexample, the recommendation). Every string from the learner's code or a tool is
escaped.

A table comes with a second way to say it, one test a line, for a dock too narrow for its columns:
the card shows the first that fits its width without breaking a word (``RichText.set_choices``)."""

from __future__ import annotations

import json
from typing import Any

from ...domain.vocabulary import TestStatus
from ...edge_cases.wording import too_slow_text
from ...tutor.summaries import input_text
from ..text import escaped

PASS_COLOUR, FAIL_COLOUR = "#3fa34d", "#e0524f"  # readable on the light and the dark theme
MAX_ROWS = 8
CELL_CHARS = 24  # a value in a table's cell, cut with "…": a cut value is one word that fits the narrowest dock
KEY_ARGUMENTS = ("problem_id", "language", "input_data", "test_cases", "reason", "topic", "hint_level", "target_value")
RUN_TOOLS = frozenset({"execute_code", "bp_run_tests"})
TRACE_TOOLS = frozenset({"bp_trace"})


def short(value: Any, limit: int = 60) -> str:
    """``value`` in one line of at most ``limit`` characters."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def compact(value: Any) -> str:
    """A value as JSON without spaces, as the tests write inputs and answers: ``[0,1]``."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


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


NOT_RUN = "<i>not run</i>"
COLUMNS = ("#", "verdict", "input", "expected", "got")
OWN_COLUMNS = ("test", "verdict", "what happened")  # the learner's own tests (bp_run_tests): names, no inputs


def tests_table(result: dict[str, Any]) -> str:
    """The tests of a run as columns: the failing ones first, as many as fit."""
    columns = COLUMNS if _with_inputs(result) else OWN_COLUMNS
    gap = "style='padding-right:8px'"  # the columns apart: "[2,7,11,15], 9" ran into "[0,1]"
    head = "".join(f"<th align=left {gap}>{name}</th>" for name in columns)
    rows = [f"<tr>{head}</tr>"]
    for cells in _test_cells(result):
        rows.append("<tr>" + "".join(f"<td {gap}>{cell}</td>" for cell in cells) + "</tr>")
    return f"<table cellspacing=0 cellpadding=2>{''.join(rows)}</table>{_more(result)}"


def tests_lines(result: dict[str, Any]) -> str:
    """The same tests one a line, for a dock too narrow for columns: "test 2 WA: input …; expected …; got …"."""
    lines = []
    for cells in _test_cells(result):
        if len(cells) == len(OWN_COLUMNS):
            lines.append(f"{cells[0]} {cells[1]}" + (f": {cells[2]}" if cells[2] else ""))
        elif cells[1] == NOT_RUN:  # the reason stands where the answer would
            lines.append(f"test {cells[0]} {NOT_RUN}: input {cells[2]}; {cells[4]}")
        else:
            lines.append(f"test {cells[0]} {cells[1]}: input {cells[2]}; expected {cells[3]}; got {cells[4]}")
    paragraphs = "".join(f"<p style='margin:0 0 2px 0'>{line}</p>" for line in lines)
    return paragraphs + _more(result)


def _with_inputs(result: dict[str, Any]) -> bool:
    return any("input" in test for test in result.get("test_results") or [])


def _test_cells(result: dict[str, Any]) -> list[list[str]]:
    """Each shown test's cells (HTML): number, verdict, input, expected, got; or for the learner's
    own tests their name, verdict and message."""
    tests = list(result.get("test_results") or [])
    tests.sort(key=lambda test: (test.get("status") == TestStatus.NOT_RUN, bool(test.get("passed"))))
    inputs = _with_inputs(result)
    rows = []
    for test in tests[:MAX_ROWS]:
        if not inputs:
            said = escaped(short(test.get("message") or "", 80))
            rows.append(
                [escaped(short(test.get("name", ""), 40)), _verdict(test.get("verdict"), test.get("passed")), said]
            )
            continue
        number = escaped(test.get("test_id", ""))
        given = escaped(short(test.get("input", ""), CELL_CHARS))
        if test.get("status") == TestStatus.NOT_RUN:  # the run stopped before it: no verdict, and why
            rows.append([number, NOT_RUN, given, "", escaped(short(test.get("reason", ""), 40))])
            continue
        got = test.get("actual_output")
        if got is None and test.get("error_message"):
            got = test["error_message"]
        rows.append([
            number, _verdict(test.get("verdict"), test.get("passed")), given,
            escaped(short(test.get("expected_output", ""), CELL_CHARS)), escaped(short(got or "", CELL_CHARS)),
        ])  # fmt: skip
    return rows


def _more(result: dict[str, Any]) -> str:
    shown = len(result.get("test_results") or [])
    return f"<p>… and {shown - MAX_ROWS} more</p>" if shown > MAX_ROWS else ""


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
    given = escaped(input_text(case.get("input")))
    got = case.get("error_message") or short(compact(case.get("learner_output")))
    if case.get("verdict") == "TLE":
        got = too_slow_text(case)
        return f"<p>{_verdict(case.get('verdict'), False)} on <code>{given}</code>: {escaped(got)}</p>" + (
            f"<p>{len(cases) - 1} more found.</p>" if len(cases) > 1 else ""
        )
    return (
        f"<p>{_verdict(case.get('verdict'), False)} on <code>{given}</code><br>"
        f"expected <code>{escaped(short(compact(case.get('expected_output'))))}</code>, got <code>{escaped(got)}</code></p>"
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


def readable(name: str, arguments: dict[str, Any] | str, result: dict[str, Any]) -> tuple[str, ...]:
    """The result of ``name`` as a learner reads it under the card's title (HTML): the ways to say
    it, widest first; none when the title says it all."""
    if result.get("error_code"):
        fields = result.get("field_errors") or []
        items = "".join(
            f"<li>{escaped(short(f.get('field', ''), 40))}: {escaped(short(f.get('message', ''), 120))}</li>"
            for f in fields[:5]
        )
        return (f"<ul style='margin:0'>{items}</ul>",) if items else ()
    if "test_results" in result and result.get("test_results"):
        return tests_table(result), tests_lines(result)
    if name in TRACE_TOOLS:
        return (traced_line(arguments, result),)
    if "edge_cases" in result and result.get("edge_cases"):
        return (counterexample(result),)
    if "recommendations" in result:
        return (recommendation(result),)
    return ()
