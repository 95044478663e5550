"""The analysis as cards: one per detected pattern, then the complexity block and the metrics.

A card shows the pattern, its severity, its confidence (marked "uncertain" under 0.6, as the
spec asks), the description and the suggestion. Clicking a card asks the window to mark its
lines (``linesRequested``); its "This is wrong" button asks for ``flag_incorrect_analysis``
(``flagRequested``). The widget calls no tool itself: the window does, and tells it back with
``mark_flagged``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..contrast import THEME_EVENTS, muted
from ..text import escaped
from .location_card import LocationCard
from .pattern_card import LOCATION, UNCERTAIN_BELOW, PatternCard, tr


class AnalysisCards(QWidget):
    """An ``analyze_code_patterns`` result as cards. ``set_result`` takes the result dict."""

    linesRequested = Signal(list)  # noqa: N815 - Qt's signal style; 1-based line numbers
    flagRequested = Signal(str)  # noqa: N815 - a pattern_type

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.cards: list[PatternCard] = []
        self._location: PatternCard | None = None  # the likely_bug_location card, when there is one
        self.result: dict[str, Any] = {}
        self.headline = QLabel(tr("No analysis yet."))
        self.headline.setWordWrap(True)
        self.complexity = QLabel()
        self.complexity.setWordWrap(True)
        self.complexity.setTextFormat(Qt.TextFormat.RichText)
        self.metrics = QLabel()
        self.metrics.setWordWrap(True)
        self._colour_metrics()

        self._list = QVBoxLayout()
        self._list.setSpacing(6)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(6, 6, 6, 6)
        column.addWidget(self.headline)
        column.addLayout(self._list)
        column.addWidget(self.complexity)
        column.addWidget(self.metrics)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        # The cards wrap to the width they get: a side scroll would hide the end of every line.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def _colour_metrics(self) -> None:
        # A footnote's grey that reads on the theme (4.5:1): set again when the theme changes.
        self.metrics.setStyleSheet(f"color: {muted(QGuiApplication.palette()).name()}")

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "metrics"):
            self._colour_metrics()
            for card in self.cards:
                card._colour()
        return super().event(event)

    def set_result(self, result: dict[str, Any]) -> None:
        """Show ``result``: the spec's success shape, its parse-failure shape, or a tool error."""
        self.result = result
        for card in self.cards:
            self._list.removeWidget(card)
            card.deleteLater()
        self.cards = []
        self._location = None
        if result.get("status") == "error" or (
            not result.get("analysis_complete") and result.get("error") != "ast_parse_failure"
        ):
            self.headline.setText(escaped(result.get("error_message") or result.get("message") or "No analysis."))
            self.complexity.clear()
            self.metrics.clear()
            return
        if not result.get("analysis_complete"):
            self._parse_failure(result)
            return
        patterns = result.get("detected_patterns") or []
        uncertain = sum(1 for p in patterns if p.get("uncertain") or float(p.get("confidence") or 0) < UNCERTAIN_BELOW)
        if not patterns:
            self.headline.setText(tr("<b>No weakness found.</b>"))
        else:
            found = f"<b>{len(patterns)} finding{'s' if len(patterns) != 1 else ''}</b>"
            self.headline.setText(found + (f" ({uncertain} uncertain)" if uncertain else ""))
        # The likely bug locations share one card, where the first of them comes.
        located = [p for p in patterns if p.get("pattern_type") == LOCATION]
        for item in patterns:
            if item.get("pattern_type") != LOCATION:
                self._add_card(item)
            elif self._location is None:
                self._add_location_card(located)
        if self._location is not None:  # the editor marks the suspicious lines as soon as they are known
            self.linesRequested.emit(list(self._location.lines))
        self.complexity.setText(complexity_html(result.get("complexity_analysis") or {}))
        self.metrics.setText(metrics_text(result.get("code_quality_metrics") or {}))

    def _parse_failure(self, result: dict[str, Any]) -> None:
        """No findings: the code does not parse. One card says where, and a click shows the line."""
        line, column = result.get("line"), result.get("column")
        message = str(result.get("message") or "")
        reason = message.split(": ", 1)[1] if ": " in message else message
        self.headline.setText(tr("<b>The code does not parse</b>, so it cannot be analysed yet."))
        self.complexity.clear()
        self.metrics.clear()
        if isinstance(line, int):
            where = f"line {line}" + (f", column {column}" if isinstance(column, int) else "")
            item = {
                "pattern_type": "syntax_error", "confidence": 1.0, "severity": "high",
                "description": f"{reason} ({where})", "suggestion": "Fix the syntax, then analyse again.",
                "code_location": {"line_start": line, "line_end": line},
            }  # fmt: skip
            self._add_card(item, finding=False)

    def _add_location_card(self, items: list[dict[str, Any]]) -> None:
        self._location = LocationCard(items)
        self._connect(self._location, True)

    def _add_card(self, item: dict[str, Any], finding: bool = True) -> None:
        self._connect(PatternCard(item, finding=finding), finding)

    def _connect(self, card: PatternCard, finding: bool) -> None:
        card.clicked.connect(lambda card=card: self.linesRequested.emit(list(card.lines)))
        if finding:
            card.wrong.clicked.connect(lambda _=False, card=card: self.flagRequested.emit(card.pattern_type))
        else:
            card.wrong.hide()
        self._list.addWidget(card)
        self.cards.append(card)

    def mark_flagged(self, pattern_type: str | None) -> None:
        """The window's flag call succeeded: grey that pattern's cards (every card for None)."""
        for card in self.cards:
            if pattern_type is None or card.pattern_type == pattern_type:
                card.mark_flagged()


def complexity_html(complexity: dict[str, Any]) -> str:
    """The complexity block: the structure's estimate, the optimum and the measurement, in words."""
    if not complexity:
        return ""
    evidence = complexity.get("evidence") or {}
    spoke = evidence.get("time_from") or {}
    rows = [
        f"<b>Complexity</b>: time {escaped(complexity.get('time_complexity') or '?')}, "
        f"space {escaped(complexity.get('space_complexity') or '?')}"
        + ("" if spoke.get("text") else " (read from the structure)")
    ]
    if spoke.get("text"):
        # Which one spoke for the time: the measurement or the reading of the code.
        who = "Time measured" if spoke.get("source") == "measurement" else "Time read from the code"
        rows.append(f"<i>{who}</i> — {escaped(spoke['text'].split(': ', 1)[-1])}")
    in_sizes = evidence.get("time_in_sizes") or {}
    if in_sizes.get("notation"):
        legend = "; ".join(f"{k}: {v}" for k, v in (in_sizes.get("sizes") or {}).items())
        rows.append(f"In the problem's sizes: time {escaped(in_sizes['notation'])} ({escaped(legend)})")
    if complexity.get("optimal_time"):
        rows.append(
            f"Best known: time {escaped(complexity['optimal_time'])}"
            + (f", space {escaped(complexity['optimal_space'])}" if complexity.get("optimal_space") else "")
        )
    measured = evidence.get("measured") or {}
    if measured.get("class"):
        how = "counted operations" if measured.get("counted") == "line events" else "timing (lower confidence)"
        rows.append(f"Measured by {how}: {escaped(measured['class'])}; {escaped(measured.get('agreement') or '')}")
    elif measured.get("reason"):
        rows.append(f"Not measured: {escaped(measured['reason'])}")
    return "<br>".join(rows)


def metrics_text(metrics: dict[str, Any]) -> str:
    if not metrics:
        return ""
    return (
        f"Cyclomatic complexity {metrics.get('cyclomatic_complexity', '?')} · "
        f"{metrics.get('lines_of_code', '?')} lines of code · "
        f"naming {float(metrics.get('variable_naming_score') or 0):.0%} · "
        f"readability {float(metrics.get('readability_score') or 0):.0%}"
    )
