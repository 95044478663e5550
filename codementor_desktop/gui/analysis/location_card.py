"""The card of ``likely_bug_location``: the suspicious lines of one analysis on one card, most
suspicious first, each with its evidence in words. A click marks all of them in the editor; the
window marks them as soon as the analysis arrives."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from ..contrast import muted
from ..text import escaped
from .pattern_card import PatternCard, tr


def suspicious_lines(items: list[dict[str, Any]]) -> list[int]:
    """The findings' lines, most suspicious first (each finding names one line or a small block)."""
    lines: list[int] = []
    for item in ranked(items):
        location = item.get("code_location") or {}
        start = int(location.get("line_start") or 0)
        end = max(int(location.get("line_end") or 0), start)
        lines += [n for n in range(start, end + 1) if n > 0 and n not in lines]
    return lines


def ranked(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(items, key=lambda i: ((i.get("evidence") or {}).get("rank", 99), -float(i.get("confidence") or 0)))


class LocationCard(PatternCard):
    """Every ``likely_bug_location`` finding of a result on one card."""

    def __init__(self, items: list[dict[str, Any]], parent: QWidget | None = None):
        items = ranked(items)
        top = items[0]
        super().__init__({**top, "suggestion": top.get("suggestion") or ""}, parent)
        self.items = items
        self.lines = suspicious_lines(items)
        self.title.setText(f"<b>{escaped(tr('Likely bug location'))}</b>")
        self.description.setTextFormat(Qt.TextFormat.RichText)
        self._list_lines()
        shown = ", ".join(str(n) for n in self.lines)
        several = len(self.lines) > 1
        self.where.setText(escaped(tr("lines %s, most suspicious first") % shown if several else f"line {shown}"))
        self.where.setToolTip(tr("Click the card to mark these lines in the editor"))

    def _colour(self) -> None:
        super()._colour()
        if hasattr(self, "items"):  # the theme changed after the card was made
            self._list_lines()

    def _list_lines(self) -> None:
        """Each finding's lines, its confidence (a footnote's grey that reads on the theme) and why."""
        quiet = muted(QGuiApplication.palette()).name()
        rows = []
        for item in self.items:
            location = item.get("code_location") or {}
            start, end = int(location.get("line_start") or 0), int(location.get("line_end") or 0)
            where = f"line {start}" if end <= start else f"lines {start}–{end}"
            confidence = format(float(item.get("confidence") or 0), ".0%")
            rows.append(
                f"<li><b>{escaped(where)}</b> <span style='color:{quiet}'>({escaped(confidence)})</span>: "
                f"{escaped(item.get('description') or '')}</li>"
            )
        self.description.setText(f"<ol style='margin-left:-20px'>{''.join(rows)}</ol>")
