"""The Tests tab: one row per test with its verdict, input, expected and actual output.

The headline says what a judge says: the first failing test in order, with its verdict ("WA on
test 2"), or, when everything passed, the pass count; a compile error shows the error and its
line instead of a count of tests that never ran.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...domain.vocabulary import Reason, RunStatus, Verdict
from ..text import escaped, tooltip

VERDICT_COLOURS: dict[Verdict, str] = {
    Verdict.AC: "#2e7d32", Verdict.WA: "#c62828", Verdict.CE: "#6a1b9a", Verdict.RE: "#d84315",
    Verdict.TLE: "#ef6c00", Verdict.MLE: "#ef6c00", Verdict.OLE: "#ef6c00", Verdict.IE: "#546e7a",
}  # fmt: skip
NO_VERDICT_COLOUR = "#000"
COLUMNS = ["#", "Verdict", "Input", "Expected", "Output", "Time"]
TIME_COLUMN = COLUMNS.index("Time")


def tr(text: str) -> str:
    return QCoreApplication.translate("TestsPanel", text)


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


def verdict_of(text: object) -> Verdict | None:
    """The verdict a result names, or None (a cancelled run, an error of the tool layer)."""
    return Verdict(text) if isinstance(text, str) and text in Verdict.__members__ else None


def colour_of(verdict: Verdict | None) -> str:
    return VERDICT_COLOURS[verdict] if verdict is not None else NO_VERDICT_COLOUR


def _badge(verdict: Verdict) -> str:
    return f"<b style='color:{colour_of(verdict)}'>{verdict.value}</b>"


def headline(result: dict) -> str:
    """The summary above the table, as rich text (every learner string escaped)."""
    if result.get("error_code"):
        return f"<b>{escaped(result['error_code'])}</b>: {escaped(result.get('error_message', ''))}"
    if result.get("status") == RunStatus.CANCELLED:
        return "<b>Stopped</b>: the run was cancelled before it finished."
    tests = result.get("test_results") or []
    verdict = verdict_of(result.get("verdict"))
    if verdict is Verdict.CE or (verdict is not None and verdict.is_error and not tests):
        line = f" on line {result['line_number']}" if result.get("line_number") else ""
        return f"{_badge(verdict)} · {escaped(verdict.meaning)}{line}<br>{escaped(result.get('error_message', ''))}"
    failing = next((t for t in tests if not t.get("passed")), None)
    if failing is not None:
        failed = verdict_of(failing.get("verdict")) or Verdict.IE
        where = "hidden test" if failing.get("hidden") else "test"
        meaning = failed.meaning + (" (operations)" if failing.get("reason") == Reason.OPERATIONS else "")
        text = f"{_badge(failed)} on {where} {escaped(failing.get('test_id', ''))} · {escaped(meaning)}"
        if failing.get("error_message"):
            line = f" (line {failing['line_number']})" if failing.get("line_number") else ""
            text += f"<br>{escaped(failing['error_message'])}{line}"
        return text
    passed = sum(1 for t in tests if t.get("passed"))
    shown = verdict or Verdict.AC
    text = f"{_badge(shown)} · {escaped(shown.meaning)} · {passed}/{result.get('tests_total', len(tests))} passed"
    operations = result.get("operations") or {}
    if operations.get("measured") and operations.get("message"):
        text += f"<br>{escaped(operations['message'])}"
    return text


class TestsPanel(QWidget):
    """The tests of the last run; ``analyzeRequested`` asks for an analysis of the code with the
    run on show (``run_id``, None when none is stored) as its evidence."""

    analyzeRequested = Signal()  # noqa: N815 - Qt's signal style

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.run_id: str | None = None
        self.analyze_button = QPushButton(tr("Analyze my code"))
        self.analyze_button.setObjectName("analyzeButton")
        self.analyze_button.setToolTip(tr("Look for weaknesses and measure the complexity (Ctrl+Shift+A)"))
        self.analyze_button.setAccessibleName(tr("Analyze my code"))
        self.analyze_button.clicked.connect(self.analyzeRequested)
        self.summary = QLabel(tr("Run your code to see the tests here."))
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
        self._inputs: list[tuple[str, str]] = []  # each row's test id and whole input
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.analyze_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.table)

    def show_running(self, text: str) -> None:
        """A message (rich text: escape what the learner wrote) instead of a result."""
        self.summary.setText(text)

    def clear(self, text: str) -> None:
        """No results on screen any more, only ``text`` (a run starting, a run stopped)."""
        self.table.setRowCount(0)
        self._inputs = []
        self.run_id = None
        self.summary.setText(text)

    def show_result(self, result: dict) -> None:
        self.run_id = result.get("run_id")
        self.summary.setText(headline(result))
        if result.get("error_code"):
            self.table.setRowCount(0)
            return
        tests = result.get("test_results", [])
        self._inputs = [(str(t.get("test_id", "")), str(t.get("input") or "")) for t in tests]
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
                    item.setForeground(QColor(colour_of(verdict_of(value))))
                if column == TIME_COLUMN:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(1)
        self.table.resizeColumnToContents(TIME_COLUMN)

    def selected_test(self) -> tuple[str, str] | None:
        """The selected row's test id and whole input (None when no row with an input is selected)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or not 0 <= rows[0].row() < len(self._inputs):
            return None
        test = self._inputs[rows[0].row()]
        return test if test[1] else None

    def verdicts(self) -> list[str]:
        return [item.text() for r in range(self.table.rowCount()) if (item := self.table.item(r, 1)) is not None]
