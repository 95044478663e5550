"""The problem browser: search, topic, difficulty, status and technique filters over the bank,
with the learner's status of each problem (new, attempted, solved) as an icon.

A problem's techniques (``monotonic_stack``, ``union_find``) give its idea away, so they are shown
only for the problems the learner has solved, unless "Techniques" (View ▸ Show techniques of
unsolved problems) is on; its topic and difficulty are always shown. Choosing a technique in the
technique filter is the learner asking to practise it: the list then holds only its problems."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ...domain.vocabulary import TECHNIQUES, Difficulty, ProblemStatus, Topic
from ..text import tooltip

if TYPE_CHECKING:  # the bank loads after the window first paints
    from ...problems.bank import ProblemBank
    from ...problems.model import Problem

_DIFFICULTY_MARK = {Difficulty.EASY: "●", Difficulty.MEDIUM: "●●", Difficulty.HARD: "●●●"}
_STATUS_COLOUR = {ProblemStatus.NEW: "#9aa0a6", ProblemStatus.ATTEMPTED: "#ef8c00", ProblemStatus.SOLVED: "#2e7d32"}
_STATUS_WORDS = {
    ProblemStatus.NEW: "not run yet",
    ProblemStatus.ATTEMPTED: "attempted, not solved yet",
    ProblemStatus.SOLVED: "solved: a Submit passed every test",
}


def tr(text: str) -> str:
    return QCoreApplication.translate("Browser", text)


def technique_label(tag: str) -> str:
    """A technique tag as a menu says it: ``union_find`` is "Union find", ``bfs`` is "BFS"."""
    return tag.upper() if tag in ("bfs", "dfs") else tag.replace("_", " ").capitalize()


def status_icon(status: ProblemStatus, size: int = 16) -> QIcon:
    """Drawn, not taken from a font: an empty ring (new), a half-filled one (attempted), a
    filled disc with a tick (solved); each reads without its colour too."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = QColor(_STATUS_COLOUR[status])
    ring = QRectF(2, 2, size - 4, size - 4)
    painter.setPen(QPen(colour, 1.6))
    if status is ProblemStatus.ATTEMPTED:
        half = QPainterPath()
        half.moveTo(ring.center())
        half.arcTo(ring, 90, 180)
        half.closeSubpath()
        painter.fillPath(half, colour)
    elif status is ProblemStatus.SOLVED:
        painter.setBrush(colour)
    painter.drawEllipse(ring)
    if status is ProblemStatus.SOLVED:
        painter.setPen(QPen(QColor("white"), 1.8))
        s = size / 16
        painter.drawPolyline([QPointF(4.5 * s, 8.5 * s), QPointF(7 * s, 11 * s), QPointF(11.5 * s, 5.5 * s)])
    painter.end()
    return QIcon(pixmap)


class ProblemBrowser(QWidget):
    """Lists the bank's problems with the learner's status of each; emits ``problemSelected(id)``."""

    problemSelected = Signal(str)
    techniquesChanged = Signal()  # noqa: N815 - whose techniques are shown: the toggle moved, or a problem was solved

    def __init__(self, bank: ProblemBank | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self._bank = bank
        self._statuses: dict[str, ProblemStatus] = {}
        self._icons = {status: status_icon(status) for status in ProblemStatus}
        self.search = QLineEdit(placeholderText="Search problems…")
        self.search.setClearButtonEnabled(True)
        # Off by default: an unsolved problem's techniques are its solution's idea.
        self.techniques_action = QAction(tr("Show techniques of unsolved problems"), self, checkable=True)
        self.techniques_action.setToolTip(tr("The techniques a problem trains (they can give its idea away); a solved problem's are always shown"))  # fmt: skip
        self.techniques = QCheckBox(tr("Techniques"), objectName="showTechniques")
        self.techniques.setToolTip(self.techniques_action.toolTip())
        self.techniques.toggled.connect(self.techniques_action.setChecked)
        self.techniques_action.toggled.connect(self.techniques.setChecked)
        self.techniques_action.toggled.connect(self._techniques_toggled)
        self.topic = QComboBox()
        self.topic.addItem(tr("All topics"), "")
        for topic in Topic:
            self.topic.addItem(topic.value.replace("_", " ").title(), topic.value)
        self.difficulty = QComboBox()
        self.difficulty.addItem(tr("Any level"), "")
        for level in Difficulty:
            self.difficulty.addItem(level.value.title(), level.value)
        self.status = QComboBox(objectName="statusFilter")
        self.status.addItem(tr("Any status"), "")
        for status in ProblemStatus:
            self.status.addItem(self._icons[status], status.value.title(), status.value)
        self.technique = QComboBox(objectName="techniqueFilter")
        self.technique.setToolTip(
            tr("Only the problems that practise one technique (choosing it tells you their idea)")
        )
        self.technique.addItem(tr("Any technique"), "")
        self._training: str | None = None  # a weakness pattern the list is narrowed to (the Profile's bars)
        self.training = QLabel(objectName="trainingFilter", visible=False)
        self.clear_training = QToolButton(text="✕", visible=False, toolTip=tr("Show every problem again"))
        self.clear_training.setAccessibleName(tr("Clear the pattern filter"))
        self.clear_training.clicked.connect(lambda: self.show_training(None))
        self.list = QListWidget()
        self.list.setObjectName("problemList")
        self.list.setAlternatingRowColors(True)
        # A row as wide as the column: a long line of techniques wraps rather than scroll the list sideways.
        self.list.setWordWrap(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        filters = QHBoxLayout()
        filters.addWidget(self.topic)
        filters.addWidget(self.difficulty)
        filters.addWidget(self.status)
        training = QHBoxLayout()
        training.addWidget(self.technique)
        training.addWidget(self.training, 1)
        training.addWidget(self.clear_training)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.top = QVBoxLayout()  # what goes above the search (the recommendations)
        layout.addLayout(self.top)
        searching = QHBoxLayout()
        searching.addWidget(self.search, 1)
        searching.addWidget(self.techniques)
        layout.addLayout(searching)
        layout.addLayout(filters)
        layout.addLayout(training)
        layout.addWidget(self.list)
        self.search.textChanged.connect(self.refresh)
        self.topic.currentIndexChanged.connect(self.refresh)
        self.difficulty.currentIndexChanged.connect(self.refresh)
        self.status.currentIndexChanged.connect(self.refresh)
        self.technique.currentIndexChanged.connect(self.refresh)
        self.list.currentItemChanged.connect(self._on_current)
        self.refresh()

    def set_bank(self, bank: ProblemBank, statuses: dict[str, ProblemStatus]) -> None:
        """The bank has loaded: list it, with the learner's status of each problem."""
        self._bank = bank
        self._list_techniques(bank)
        self.set_statuses(statuses)

    def _list_techniques(self, bank: ProblemBank) -> None:
        """One entry per technique the bank uses, with how many problems practise it."""
        chosen = self.technique.currentData()
        self.technique.blockSignals(True)
        while self.technique.count() > 1:
            self.technique.removeItem(1)
        counts = Counter(tag for problem in bank.all() for tag in problem.techniques)
        for tag in TECHNIQUES:
            if counts[tag]:
                self.technique.addItem(f"{technique_label(tag)} ({counts[tag]})", tag)
        self.technique.setCurrentIndex(max(self.technique.findData(chosen), 0))
        self.technique.blockSignals(False)

    def set_statuses(self, statuses: dict[str, ProblemStatus]) -> None:
        """The learner's status of each problem (a problem not listed is new)."""
        self._statuses = dict(statuses)
        self.refresh()
        self.techniquesChanged.emit()  # another learner: other problems solved

    def set_status(self, problem_id: str, status: ProblemStatus) -> None:
        """A run has moved one problem on (a status never moves back)."""
        solved = self.status_of(problem_id) is ProblemStatus.SOLVED
        self._statuses[problem_id] = self.status_of(problem_id).at_least(status)
        if not solved and self.status_of(problem_id) is ProblemStatus.SOLVED:
            self.techniquesChanged.emit()  # solved: its techniques are no spoiler any more
        if self.status.currentData():
            self.refresh()  # the problem may leave (or join) the filtered list
            return
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == problem_id:
                self._describe(item, problem_id)

    def status_of(self, problem_id: str) -> ProblemStatus:
        return self._statuses.get(problem_id, ProblemStatus.NEW)

    def refresh(self) -> None:
        if self._bank is None:
            return  # still loading
        selected = self.selected_id()
        self.list.blockSignals(True)
        self.list.clear()
        for problem in self._bank.search(
            self.search.text(),
            topic=self.topic.currentData() or None,
            difficulty=self.difficulty.currentData() or None,
            pattern=self._training,
            technique=self.technique.currentData() or None,
            status_of={key: value.value for key, value in self._statuses.items()},
            status=self.status.currentData() or None,
        ):
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, problem.id)
            self._describe(item, problem.id)
            self.list.addItem(item)
            if problem.id == selected:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

    def show_training(self, pattern: str | None, label: str = "") -> None:
        """Only the problems that train ``pattern`` (None: every problem), said above the list."""
        self._training = pattern
        self.training.setText(tr("Training: %s") % (label or pattern) if pattern else "")
        self.training.setVisible(pattern is not None)
        self.clear_training.setVisible(pattern is not None)
        if pattern is not None:
            self.search.clear()
            self.topic.setCurrentIndex(0)
            self.technique.setCurrentIndex(0)
        self.refresh()

    def show_topic(self, topic: str) -> None:
        """Only the problems of ``topic``: the topic filter set to it."""
        self._training = None
        self.training.setVisible(False)
        self.clear_training.setVisible(False)
        self.search.clear()
        self.technique.setCurrentIndex(0)
        index = self.topic.findData(topic)
        self.topic.setCurrentIndex(max(index, 0))
        self.refresh()

    def techniques_shown(self, problem_id: str | None) -> bool:
        """Whether ``problem_id``'s techniques may be shown: it is solved, or the learner asked to see them."""
        if problem_id is None:
            return False
        return self.techniques_action.isChecked() or self.status_of(problem_id) is ProblemStatus.SOLVED

    def _techniques_toggled(self) -> None:
        self.refresh()
        self.techniquesChanged.emit()

    def _row_text(self, problem: Problem) -> str:
        """The title, then the difficulty and topics (always) and the techniques (when shown)."""
        facts = f"{_DIFFICULTY_MARK[problem.difficulty]} {problem.difficulty.value} · " + ", ".join(
            t.value.replace("_", " ") for t in problem.topics
        )
        if problem.techniques and self.techniques_shown(problem.id):
            facts += " · " + ", ".join(problem.techniques)
        return f"{problem.title}\n{facts}"

    def _describe(self, item: QListWidgetItem, problem_id: str) -> None:
        """A row: its words, its icon, its accessible description and its tooltip."""
        status = self.status_of(problem_id)
        problem = self._bank.get(problem_id) if self._bank is not None else None
        title = problem.title if problem is not None else problem_id
        shown = problem is not None and self.techniques_shown(problem_id)
        techniques = ", ".join(problem.techniques) if problem is not None and shown else ""
        if problem is not None:
            item.setText(self._row_text(problem))
        item.setIcon(self._icons[status])
        item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, status.value)
        item.setToolTip(tooltip(f"{title}: {_STATUS_WORDS[status]}" + (f"\n{techniques}" if techniques else "")))

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select(self, problem_id: str) -> bool:
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == problem_id:
                self.list.setCurrentItem(item)
                return True
        return False

    def visible_ids(self) -> list[str]:
        return [self.list.item(r).data(Qt.ItemDataRole.UserRole) for r in range(self.list.count())]

    def _on_current(self, current: QListWidgetItem | None, _previous) -> None:
        if current is not None:
            self.problemSelected.emit(current.data(Qt.ItemDataRole.UserRole))
