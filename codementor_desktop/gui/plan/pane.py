"""The Plan tab beside the statement: the learner's plan for the problem and language on show, as
numbered steps (``StepRow``), with Add step and Debug my plan, and the last ``/debug``'s report
under the steps. The pane only edits and shows; ``PlanKeeper`` loads, keeps and anchors it."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ...domain.plan import MAX_STEPS
from .step_row import StepRow, tr

Step = tuple[str, tuple[int, ...], str]  # words, anchored lines, expectation


class PlanPane(QWidget):
    """``edited`` follows any change of the steps (words, expectation, order, anchors);
    ``anchorRequested(index)`` asks for the editor's selection as step ``index``'s lines;
    ``debugRequested`` is the Debug my plan button."""

    edited = Signal()
    anchorRequested = Signal(int)
    debugRequested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("planPane")
        self.rows: list[StepRow] = []
        self.intro = QLabel(
            tr("Plan first: your algorithm in steps. Anchor a step to lines of your code and say what "
               "should hold there; Debug my plan checks it while your code runs."),
            wordWrap=True, objectName="planIntro",
        )  # fmt: skip
        self.summary = QLabel("", objectName="planSummary", visible=False)  # in place of the intro
        self.add_button = QPushButton(tr("Add step"))
        self.debug_button = QPushButton(tr("Debug my plan"), objectName="debugPlanButton")
        self.debug_button.setToolTip(tr("Run your code, trace a failing input and check every step's expectation"))
        top = QHBoxLayout()
        top.addWidget(self.intro, 1)
        top.addWidget(self.summary, 1)
        top.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.debug_button, 0, Qt.AlignmentFlag.AlignTop)

        self.steps_box = QWidget(objectName="planSteps")
        self.steps_layout = QVBoxLayout(self.steps_box)
        self.steps_layout.setContentsMargins(0, 0, 0, 0)
        self.steps_layout.setSpacing(4)
        self.empty_label = QLabel(tr("No steps yet: Add step, then write what it does."), objectName="planEmpty")
        self.steps_layout.addWidget(self.empty_label)
        self.steps_layout.addStretch(1)
        self.steps_scroll = QScrollArea(widgetResizable=True)
        self.steps_scroll.setWidget(self.steps_box)
        self.steps_scroll.setFrameShape(QScrollArea.Shape.NoFrame)

        self.report = QTextBrowser(objectName="planReport", visible=False)
        self.report.setOpenExternalLinks(False)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.steps_scroll)
        self.split.addWidget(self.report)
        self.split.setChildrenCollapsible(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(top)
        layout.addWidget(self.split, 1)
        self.add_button.clicked.connect(lambda: self.add_step(focus=True))
        self.debug_button.clicked.connect(self.debugRequested)

    # --- the steps --------------------------------------------------------------------------
    def set_steps(self, steps: list[Step]) -> None:
        """Show ``steps`` (another plan): the rows of before go, and so do their statuses."""
        for row in self.rows:
            self._drop(row)
        self.rows = []
        for text, lines, expect in steps:
            self._insert(StepRow(text, lines, expect))
        self._renumber()

    def steps(self) -> list[Step]:
        return [(row.text, row.lines, row.expectation) for row in self.rows]

    def add_step(self, focus: bool = False) -> StepRow | None:
        if len(self.rows) >= MAX_STEPS:
            return None
        row = self._insert(StepRow())
        self._renumber()
        self.edited.emit()
        if focus:
            row.words.setFocus()
            self.steps_scroll.ensureWidgetVisible(row)
        return row

    def remove_step(self, index: int) -> None:
        self._drop(self.rows.pop(index))
        self._renumber()
        self.edited.emit()

    def move_step(self, index: int, by: int) -> None:
        to = index + by
        if not 0 <= to < len(self.rows):
            return
        row = self.rows.pop(index)
        self.rows.insert(to, row)
        self.steps_layout.removeWidget(row)
        self.steps_layout.insertWidget(to, row)
        self._renumber()
        self.edited.emit()

    def set_lines(self, all_lines: list[tuple[int, ...]]) -> None:
        """Each step's anchored lines (as its markers have moved); emits nothing."""
        for row, lines in zip(self.rows, all_lines, strict=False):
            row.set_lines(lines)
        self._summarize()

    def _insert(self, row: StepRow) -> StepRow:
        self.steps_layout.insertWidget(len(self.rows), row)
        self.rows.append(row)
        row.set_lines(row.lines)
        row.changed.connect(self.edited)
        row.changed.connect(self._summarize)
        row.anchorRequested.connect(lambda: self.anchorRequested.emit(self.rows.index(row)))
        row.clearRequested.connect(lambda: self._clear_anchor(row))
        row.moveRequested.connect(lambda by: self.move_step(self.rows.index(row), by))
        row.removeRequested.connect(lambda: self.remove_step(self.rows.index(row)))
        return row

    def _summarize(self) -> None:
        anchored = sum(1 for row in self.rows if row.lines)
        expecting = sum(1 for row in self.rows if row.expectation)
        self.summary.setText(
            tr("%d steps · %d anchored · %d with an expectation") % (len(self.rows), anchored, expecting)
        )

    def _drop(self, row: StepRow) -> None:
        row.hide()
        self.steps_layout.removeWidget(row)
        row.deleteLater()

    def _clear_anchor(self, row: StepRow) -> None:
        row.set_lines(())
        self.edited.emit()

    def _renumber(self) -> None:
        for number, row in enumerate(self.rows, 1):
            row.set_number(number, last=number == len(self.rows))
        self.empty_label.setVisible(not self.rows)
        self.intro.setVisible(not self.rows)  # once there are steps, the room is theirs
        self.summary.setVisible(bool(self.rows))
        self._summarize()
        self.add_button.setEnabled(len(self.rows) < MAX_STEPS)

    # --- what is known of them --------------------------------------------------------------
    def show_statuses(self, statuses: list[tuple[str, str]]) -> None:
        """Each step's status and its sentence (``("", "")``: nothing to say)."""
        for row, (status, text) in zip(self.rows, statuses, strict=False):
            row.show_status(status, text)

    def show_report(self, html: str | None) -> None:
        """The last ``/debug``'s report (HTML), or none."""
        self.report.setVisible(html is not None)
        self.report.setHtml(html or "")
        if html is not None:
            total = max(sum(self.split.sizes()), 200)
            self.split.setSizes([total // 2, total - total // 2])

    @property
    def report_text(self) -> str:
        return "" if self.report.isHidden() else self.report.toPlainText()

    def set_available(self, available: bool, why: str = "") -> None:
        """A plan is kept for a bank's problem; a file or a scratch buffer has none."""
        for widget in (self.add_button, self.debug_button, self.steps_scroll):
            widget.setEnabled(available)
        self.empty_label.setText(why or tr("No steps yet: Add step, then write what it does."))
