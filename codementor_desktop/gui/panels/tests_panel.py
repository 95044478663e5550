"""The Tests tab: one row per test with its verdict, input, expected and actual output."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...domain.vocabulary import Verdict
from ..text import escaped, tooltip

VERDICT_COLOURS = {"AC": "#2e7d32", "WA": "#c62828", "CE": "#6a1b9a", "RE": "#d84315", "TLE": "#ef6c00",
                   "MLE": "#ef6c00", "OLE": "#ef6c00", "IE": "#546e7a"}  # fmt: skip
COLUMNS = ["#", "Verdict", "Input", "Expected", "Output", "Time"]
TIME_COLUMN = COLUMNS.index("Time")


def duration(ms: float | None) -> str:
    """A test's time for a person: a visible test takes microseconds, a large one seconds."""
    if ms is None:
        return ""
    if ms < 1:
        return f"{ms * 1000:.0f} µs"
    if ms < 10:
        return f"{ms:.2f} ms"
    if ms < 1000:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.2f} s"


class TestsPanel(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.summary = QLabel("Run your code to see the tests here.")
        self.summary.setObjectName("testsSummary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)  # learner text in it is escaped
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        for column in (2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.table)

    def show_running(self, text: str) -> None:
        """A message (rich text: escape what the learner wrote) instead of a result."""
        self.summary.setText(text)

    def clear(self, text: str) -> None:
        """No results on screen any more, only ``text`` (a run starting, a run stopped)."""
        self.table.setRowCount(0)
        self.summary.setText(text)

    def show_result(self, result: dict) -> None:
        if result.get("error_code"):
            self.summary.setText(f"<b>{result['error_code']}</b>: {escaped(result.get('error_message', ''))}")
            self.table.setRowCount(0)
            return
        tests = result.get("test_results", [])
        verdict = result.get("verdict", "")
        passed = sum(1 for t in tests if t.get("passed"))
        colour = VERDICT_COLOURS.get(verdict, "#000")
        meaning = Verdict(verdict).meaning if verdict in Verdict.__members__ else verdict
        text = f"<b style='color:{colour}'>{verdict}</b> · {meaning} · {passed}/{result.get('tests_total', len(tests))} passed"
        if result.get("error_message"):
            line = f" (line {result['line_number']})" if result.get("line_number") else ""
            text += f"<br>{escaped(result['error_message'])}{line}"
        self.summary.setText(text)
        self.table.setRowCount(len(tests))
        for row, test in enumerate(tests):
            values = [
                str(test.get("test_id", "")),
                test.get("verdict", ""),
                str(test.get("input", "")),
                str(test.get("expected_output", "")),
                str(
                    test.get("actual_output")
                    if test.get("actual_output") is not None
                    else test.get("error_message", "")
                ),
                duration(test.get("execution_time_ms")),
            ]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value if len(value) < 300 else value[:300] + "…")
                item.setToolTip(tooltip(value[:2000]) if value else "")
                if column == 1:
                    item.setForeground(QColor(VERDICT_COLOURS.get(value, "#000")))
                if column == TIME_COLUMN:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(1)
        self.table.resizeColumnToContents(TIME_COLUMN)

    def verdicts(self) -> list[str]:
        return [item.text() for r in range(self.table.rowCount()) if (item := self.table.item(r, 1)) is not None]
