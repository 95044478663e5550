"""The Edge cases tab: while a search runs, a busy bar, the time so far, the examples tried and
Stop; then one row per input where the code goes wrong (the input, its category, the learner's
output, the expected output, the verdict in words, whether it is the smallest), each with "Trace
this input" and "Add to my tests"; below, the categories found clean.

The widget calls no tool: it asks (``traceRequested``, ``addRequested``, ``stopRequested``) and the
finder does, then tells it back (``mark_added``).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...edge_cases.wording import operations_note
from ..contrast import THEME_EVENTS, readable
from ..panels.tests_panel import colour_of, verdict_of
from ..text import tooltip

COLUMNS = ("Verdict", "Input", "Category", "Your output", "Expected", "Smallest", "")
ACTIONS_COLUMN = len(COLUMNS) - 1
VALUE_COLUMNS = (1, 3, 4)  # the input, the learner's output, the expected output
FITTED_COLUMNS = (0, 2, 5, ACTIONS_COLUMN)
SHOWN_CHARS = 200  # of a value in a cell; its tooltip has up to 2,000


def shown(value: Any) -> str:
    """A value as the problem's tests write it (JSON), for a cell."""
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return str(value)


def category_name(category: str) -> str:
    return str(category).replace("_", " ")


class EdgeCasesTab(QWidget):
    """The search's progress and Stop, the cases found, and the categories found clean."""

    traceRequested = Signal(int)  # noqa: N815 - Qt's signal style; a row of ``cases``
    addRequested = Signal(int)  # noqa: N815 - a row of ``cases``
    stopRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("edgeCasesTab")
        self.cases: list[dict[str, Any]] = []
        self.add_buttons: list[QPushButton] = []
        self.trace_buttons: list[QPushButton] = []
        self.status = QLabel(
            self.tr("Run ▸ Find edge cases (Ctrl+Shift+E) looks for inputs where your code goes wrong.")
        )
        self.status.setObjectName("edgeCasesStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        self.busy = QProgressBar(maximumWidth=120, visible=False)
        self.busy.setRange(0, 0)  # busy: the search has no known end before its budget runs out
        self.busy.setAccessibleName(self.tr("Searching for edge cases"))
        self.elapsed = QLabel("", visible=False)
        self.stop_button = QPushButton(self.tr("Stop"), visible=False)
        self.stop_button.setAccessibleName(self.tr("Stop finding edge cases"))
        self.stop_button.setToolTip(self.tr("Stop the search (Escape)"))
        self.stop_button.clicked.connect(self.stopRequested)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) if c else "" for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        # The values share what the other columns leave, but never get less than their header's
        # words: a narrow panel scrolls sideways rather than show "our outpu" (``_fit_columns``).
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.clean = QLabel("")
        self.clean.setObjectName("edgeCasesClean")
        self.clean.setTextFormat(Qt.TextFormat.PlainText)
        self.clean.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        top.addWidget(self.busy)
        top.addWidget(self.elapsed)
        top.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.clean)

    # -- while searching --------------------------------------------------------------------------

    def begin(self) -> None:
        self.show_cases([], [])
        self.status.setText(self.tr("Looking for inputs where your code goes wrong…"))
        self.elapsed.setText(self.tr("0 s"))
        for widget in (self.busy, self.elapsed, self.stop_button):
            widget.setVisible(True)

    def show_progress(self, elapsed_ms: int, text: str = "") -> None:
        """The time so far, and what the search says it has done (examples tried)."""
        self.elapsed.setText(self.tr("%d s") % (elapsed_ms // 1000))
        if text:
            self.status.setText(text)

    def end(self, sentence: str) -> None:
        for widget in (self.busy, self.elapsed, self.stop_button):
            widget.setVisible(False)
        self.status.setText(sentence)

    @property
    def searching(self) -> bool:
        return self.busy.isVisible()

    # -- what was found ---------------------------------------------------------------------------

    def verdict_words(self, verdict: str) -> str:
        words = {
            "WA": self.tr("Wrong answer"),
            "RE": self.tr("Runtime error"),
            "TLE": self.tr("Too slow"),
            "MLE": self.tr("Memory limit exceeded"),
            "OLE": self.tr("Output limit exceeded"),
        }
        return words.get(verdict, verdict)

    def show_cases(self, cases: list[dict[str, Any]], clean: list[str]) -> None:
        """The cases found (the tool's ``edge_cases``), and the categories found clean."""
        self.cases = list(cases)
        self.add_buttons, self.trace_buttons = [], []
        self.table.setRowCount(len(self.cases))
        for row, case in enumerate(self.cases):
            output = case.get("learner_output")
            if case.get("verdict") == "TLE":
                # Too slow is no wrong value: the run has none, and the counts say how slow.
                note = operations_note(case.get("too_slow"))
                output_text = self.tr("Too slow: did not finish in time") + (f" ({note})" if note else "")
            elif output is None and case.get("error_message"):
                output_text = str(case["error_message"])
            else:
                output_text = shown(output)
            expected = self.tr("(not known)") if case.get("expected_output") is None else shown(case["expected_output"])
            values = [
                self.verdict_words(str(case.get("verdict", ""))),
                ", ".join(shown(v) for v in (case.get("input") or {}).values()),
                category_name(case.get("category", "")),
                output_text,
                expected,
                self.tr("✓ smallest") if case.get("minimal") else "",
            ]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value if len(value) <= SHOWN_CHARS else value[:SHOWN_CHARS] + "…")
                item.setToolTip(tooltip(value[:2000]) if value else "")
                if column == 0:
                    item.setForeground(self._verdict_colour(case))
                self.table.setItem(row, column, item)
            self.table.setCellWidget(row, ACTIONS_COLUMN, self._actions(row))
        self._fit_columns()
        names = ", ".join(category_name(c) for c in clean)
        self.clean.setText(self.tr("Found clean: %s.") % names if names else "")

    def _verdict_colour(self, case: dict[str, Any]) -> QColor:
        """The verdict's colour moved to read at 4.5:1 on the table's background in this theme."""
        behind = QGuiApplication.palette().color(QPalette.ColorRole.Base)
        return readable(colour_of(verdict_of(case.get("verdict"))), behind)

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "table"):
            for row, case in enumerate(self.cases):
                item = self.table.item(row, 0)
                if item is not None:
                    item.setForeground(self._verdict_colour(case))
        return super().event(event)

    def _fit_columns(self) -> None:
        """The verdict, category, smallest and actions at their contents' width; the input and the
        two outputs share the rest, each at least as wide as its header."""
        header = self.table.horizontalHeader()
        for column in FITTED_COLUMNS:
            self.table.resizeColumnToContents(column)
            header.resizeSection(column, max(header.sectionSize(column), header.sectionSizeHint(column)))
        room = self.table.viewport().width() - sum(header.sectionSize(c) for c in FITTED_COLUMNS)
        least = {column: header.sectionSizeHint(column) for column in VALUE_COLUMNS}
        spare = max(room - sum(least.values()), 0) // len(VALUE_COLUMNS)
        for column in VALUE_COLUMNS:
            header.resizeSection(column, least[column] + spare)
        self.table.resizeRowsToContents()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit_columns()

    def _actions(self, row: int) -> QWidget:
        trace = QPushButton(self.tr("Trace this input"))
        trace.setAccessibleName(self.tr("Trace this input"))
        trace.setToolTip(self.tr("Open the Trace tab on your code with this input"))
        trace.clicked.connect(lambda _=False, r=row: self.traceRequested.emit(r))
        add = QPushButton(self.tr("Add to my tests"))
        add.setAccessibleName(self.tr("Add to my tests"))
        add.setToolTip(self.tr("Keep this input as one of your tests: Run runs it beside the problem's tests"))
        add.clicked.connect(lambda _=False, r=row: self.addRequested.emit(r))
        self.trace_buttons.append(trace)
        self.add_buttons.append(add)
        box = QWidget()
        # One above the other: side by side they took half a narrow panel from the values.
        column = QVBoxLayout(box)
        column.setContentsMargins(2, 1, 2, 1)
        column.setSpacing(1)
        column.addWidget(trace)
        column.addWidget(add)
        return box

    def mark_added(self, row: int) -> None:
        button = self.add_buttons[row]
        button.setEnabled(False)
        button.setText(self.tr("In your tests"))
