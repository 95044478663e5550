"""What a ``/debug`` of the plan says, for the pane: the report (Markdown, rendered as the
statement is) and one sentence per step under its row."""

from __future__ import annotations

import html
from functools import cache
from typing import TYPE_CHECKING, Any

from .step_row import lines_text

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

OUTCOME_HEAD = {
    "broken": "An expectation of your plan stopped holding.",
    "held": "Every expectation held where its lines ran.",
    "never_reached": "Some of your plan's lines never ran on this input.",
    "unreadable": "An expectation could not be read.",
    "no_expectations": "Your plan has no expectation to check.",
}
_CSS = "code {{ background: {code}; }} pre {{ background: {code}; }} h1, h2, h3 {{ font-size: 12pt; }}"


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")  # the report quotes the learner's words


def report_html(result: dict[str, Any], code_background: str = "#f0f2f5") -> str:
    """The report of ``result`` (``bp_debug_plan``'s: it says the tests' run, the input traced
    and whether the lines were guessed), headed by the outcome in a word."""
    head = OUTCOME_HEAD.get(str(result.get("outcome")), "")
    intro = f"<p><b>{html.escape(head)}</b></p>" if head else ""
    body = _markdown().render(str(result.get("report") or ""))
    return f"<style>{_CSS.format(code=code_background)}</style>{intro}{body}"


def step_sentence(step: dict[str, Any]) -> tuple[str, str]:
    """``(status, sentence)`` for a step of the result: where it broke and on what values, how
    often it held, that it never ran, or why its expectation cannot be read."""
    status = str(step.get("status") or "unchecked")
    guessed = f" (guessed: {lines_text(step.get('lines') or [])})" if step.get("lines_guessed") else ""
    if status == "broken":
        where = step.get("broken_at") or {}
        values = ", ".join(f"{name} = {value}" for name, value in (where.get("variables") or {}).items())
        line = f" on line {where['line']}" if where.get("line") else ""
        return (
            status,
            f"Broken{line}: `{step.get('expect', '')}` stopped holding{': ' + values if values else ''}{guessed}",
        )
    if status == "held":
        times = int(step.get("evaluations") or 0)
        return status, f"Held every time it was checked ({times:,} time{'s' if times != 1 else ''}){guessed}"
    if status == "never_reached":
        return status, f"Never reached: its lines did not run on this input{guessed}"
    if status == "unreadable":
        return status, f"Cannot be checked: {step.get('error') or 'the expectation is not an expression'}"
    if not step.get("expect"):
        return status, f"Nothing to check: this step has no expectation{guessed}" if guessed else ""
    return status, f"Not checked{guessed}"
