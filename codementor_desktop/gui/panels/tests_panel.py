"""The Tests tab: one row per test with its verdict, input, expected and actual output.

The headline says what a judge says: the first failing test in order, with its verdict ("WA on
test 2"), or, when everything passed, the pass count; a compile error shows the error and its
line instead of a count of tests that never ran.

The learner's own tests of the problem (kept from the Edge cases tab, or written by hand) show
after the problem's: marked "your test", each with a × that forgets it; one not run yet says so.
One without an expected output shows what the code returned, with no verdict. A test the run
never reached (after a TLE, say) shows "not run" and why, in grey.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QPoint, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...domain.vocabulary import Reason, RunStatus, TestStatus, Verdict
from ..text import escaped, tooltip

VERDICT_COLOURS: dict[Verdict, str] = {
    Verdict.AC: "#2e7d32", Verdict.WA: "#c62828", Verdict.CE: "#6a1b9a", Verdict.RE: "#d84315",
    Verdict.TLE: "#ef6c00", Verdict.MLE: "#ef6c00", Verdict.OLE: "#ef6c00", Verdict.IE: "#546e7a",
}  # fmt: skip
NO_VERDICT_COLOUR = "#000"
COLUMNS = ["#", "Verdict", "Input", "Expected", "Output", "Time", ""]
TIME_COLUMN = COLUMNS.index("Time")
REMOVE_COLUMN = len(COLUMNS) - 1  # the × of the learner's own tests
NOT_JUDGED = "—"  # the verdict of an own test without an expected output: its output is shown
NOT_RUN = "not run"  # the verdict column of a test the run never reached (VOCABULARY: not_run)
NOT_RUN_COLOUR = "#757575"


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


def headline(result: dict, own: Collection[int] = ()) -> str:
    """The summary above the table, as rich text (every learner string escaped); ``own`` are the
    test ids of the learner's own tests."""
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
        where = "hidden test" if failing.get("hidden") else "your test" if failing.get("test_id") in own else "test"
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
    message = str(operations.get("message") or "") if operations.get("measured") else ""
    # The judge's message starts with its own verdict ("accepted; about 1.2x …"): said once, above.
    prefix = f"{shown.meaning};"
    if message.lower().startswith(prefix):
        message = message[len(prefix) :].strip()
    if message:
        text += f", {escaped(message)}"
    return text


class TestsPanel(QWidget):
    """The tests of the last run, then the learner's own tests of the problem. ``analyzeRequested``
    asks for an analysis of the code with the run on show (``run_id``, None when none is stored)
    as its evidence; ``edgeCasesRequested`` asks for edge cases; ``removeOwnRequested`` asks to
    forget one of the learner's own tests (its own number)."""

    analyzeRequested = Signal()  # noqa: N815 - Qt's signal style
    edgeCasesRequested = Signal()  # noqa: N815
    removeOwnRequested = Signal(int)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.run_id: str | None = None
        self.analyze_button = QPushButton(self.tr("Analyze my code"))
        self.analyze_button.setObjectName("analyzeButton")
        self.analyze_button.setToolTip(self.tr("Look for weaknesses and measure the complexity (Ctrl+Shift+A)"))
        self.analyze_button.setAccessibleName(self.tr("Analyze my code"))
        self.analyze_button.clicked.connect(self.analyzeRequested)
        self.edges_button = QPushButton(self.tr("Find edge cases"))
        self.edges_button.setObjectName("edgeCasesButton")
        self.edges_button.setToolTip(self.tr("Look for inputs where your code goes wrong (Ctrl+Shift+E)"))
        self.edges_button.setAccessibleName(self.tr("Find edge cases"))
        self.edges_button.clicked.connect(self.edgeCasesRequested)
        self.summary = QLabel(self.tr("Run your code to see the tests here."))
        self.summary.setObjectName("testsSummary")
        self.summary.setTextFormat(Qt.TextFormat.RichText)  # learner text in it is escaped
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(c) if c else "" for c in COLUMNS])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.table.customContextMenuRequested.connect(self._context_menu)
        header = self.table.horizontalHeader()
        for column in (2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self._inputs: list[tuple[str, str]] = []  # each row's test id and whole input
        self._tests: list[dict[str, Any]] = []  # the run's test results on show
        self._own: list[Any] = []  # the learner's own tests of the problem (test_id, input, expected_output)
        self._own_ids: dict[int, int] = {}  # a test id of the run on show -> the own test it ran
        self._row_owner: list[int | None] = []  # each row's own test number, None for the problem's tests
        self._outdated = False  # the code was edited since the run on show
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.analyze_button, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.edges_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.table)

    def mark_outdated(self, sentence: str) -> None:
        """The results on show are of code since edited: ``sentence`` says so under the headline."""
        if self._outdated or not self._tests:
            return
        self._outdated = True
        self.summary.setText(f"{self.summary.text()}<br><i style='color:{NOT_RUN_COLOUR}'>{escaped(sentence)}</i>")

    def show_running(self, text: str) -> None:
        """A message (rich text: escape what the learner wrote) instead of a result."""
        self.summary.setText(text)

    def clear(self, text: str) -> None:
        """No results on screen any more, only ``text`` (a run starting, a run stopped); the
        learner's own tests stay listed, as not run."""
        self._tests = []
        self._own_ids = {}
        self.run_id = None
        self._outdated = False
        self.summary.setText(text)
        self._render()

    def show_result(self, result: dict, own_ids: dict[int, int] | None = None) -> None:
        """A run's result; ``own_ids`` maps the test ids of the learner's own tests to their numbers."""
        self.run_id = result.get("run_id")
        self._outdated = False
        self._own_ids = dict(own_ids or {})
        self.summary.setText(headline(result, self._own_ids))
        self._tests = [] if result.get("error_code") else list(result.get("test_results") or [])
        self._render()

    def set_own_tests(self, tests: Sequence[Any]) -> None:
        """The learner's own tests of the open problem (each with ``test_id``, ``input`` and
        ``expected_output``); one forgotten since the run on show leaves the table."""
        self._own = list(tests)
        self._render()

    def own_rows(self) -> list[int]:
        """The rows that show the learner's own tests."""
        return [row for row, owner in enumerate(self._row_owner) if owner is not None]

    def _render(self) -> None:
        kept = {test.test_id: test for test in self._own}
        rows: list[tuple[list[str], int | None]] = []
        for test in self._tests:
            owner = self._own_ids.get(test.get("test_id", -1))
            if owner is not None and owner not in kept:
                continue  # forgotten since it ran
            rows.append((self._values(test, owner is not None and kept[owner].expected_output is None), owner))
        ran = set(self._own_ids.values())
        for own in self._own:
            if own.test_id not in ran:
                rows.append(([self.tr("your test"), "", own.input, own.expected_output or self.tr("(not known)"),
                              self.tr("not run yet: Run runs it"), ""], own.test_id))  # fmt: skip
        self.table.setRowCount(len(rows))
        self._inputs = [(values[0], values[2]) for values, _ in rows]
        self._row_owner = [owner for _, owner in rows]
        for row, (values, owner) in enumerate(rows):
            if owner is not None and not values[0].startswith(self.tr("your test")):
                values[0] = self.tr("%s (your test)") % values[0]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value if len(value) < 300 else value[:300] + "…")
                item.setToolTip(tooltip(value[:2000]) if value else "")
                if column == 1:
                    item.setForeground(QColor(NOT_RUN_COLOUR if value == NOT_RUN else colour_of(verdict_of(value))))
                if column == TIME_COLUMN:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
            if owner is not None:
                self.table.setCellWidget(row, REMOVE_COLUMN, self._remove_button(owner))
            else:
                self.table.removeCellWidget(row, REMOVE_COLUMN)
        for column in (0, 1, TIME_COLUMN, REMOVE_COLUMN):
            self.table.resizeColumnToContents(column)

    def _values(self, test: dict[str, Any], unjudged: bool) -> list[str]:
        output = test.get("actual_output") if test.get("actual_output") is not None else test.get("error_message", "")
        verdict = str(test.get("verdict") or "")
        if test.get("status") == TestStatus.NOT_RUN:
            verdict, output = NOT_RUN, test.get("reason") or self.tr("not run")
        if unjudged and verdict == "AC":
            verdict = NOT_JUDGED  # nothing to compare with: the output is what there is to see
        expected = test.get("expected_output")
        return [
            str(test.get("test_id", "")),
            verdict,
            str(test.get("input", "")),
            self.tr("(not known)") if unjudged and expected is None else str(expected if expected is not None else ""),
            str(output),
            duration(test.get("execution_time_ms")),
        ]

    def _remove_button(self, own_id: int) -> QToolButton:
        button = QToolButton(text="×", autoRaise=True)
        button.setToolTip(self.tr("Remove this test from your tests"))
        button.setAccessibleName(self.tr("Remove your test"))
        button.clicked.connect(lambda _=False, number=own_id: self.removeOwnRequested.emit(number))
        return button

    def _context_menu(self, where: QPoint) -> None:
        row = self.table.rowAt(where.y())
        owner = self._row_owner[row] if 0 <= row < len(self._row_owner) else None
        if owner is None:
            return
        menu = QMenu(self)
        menu.addAction(self.tr("Remove from my tests"), lambda: self.removeOwnRequested.emit(owner))
        menu.popup(self.table.viewport().mapToGlobal(where))

    def selected_test(self) -> tuple[str, str] | None:
        """The selected row's test id and whole input (None when no row with an input is selected)."""
        rows = self.table.selectionModel().selectedRows()
        if not rows or not 0 <= rows[0].row() < len(self._inputs):
            return None
        test = self._inputs[rows[0].row()]
        return test if test[1] else None

    def verdicts(self) -> list[str]:
        return [item.text() for r in range(self.table.rowCount()) if (item := self.table.item(r, 1)) is not None]
