"""The problem browser: search, topic and difficulty filters over the bank."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from ...domain.vocabulary import Difficulty, Topic
from ...problems.bank import ProblemBank

_DIFFICULTY_MARK = {Difficulty.EASY: "●", Difficulty.MEDIUM: "●●", Difficulty.HARD: "●●●"}


class ProblemBrowser(QWidget):
    """Lists the bank's problems; emits ``problemSelected(id)``."""

    problemSelected = Signal(str)

    def __init__(self, bank: ProblemBank, parent: QWidget | None = None):
        super().__init__(parent)
        self._bank = bank
        self.search = QLineEdit(placeholderText="Search problems…")
        self.search.setClearButtonEnabled(True)
        self.topic = QComboBox()
        self.topic.addItem("All topics", "")
        for topic in Topic:
            self.topic.addItem(topic.value.replace("_", " ").title(), topic.value)
        self.difficulty = QComboBox()
        self.difficulty.addItem("Any level", "")
        for level in Difficulty:
            self.difficulty.addItem(level.value.title(), level.value)
        self.list = QListWidget()
        self.list.setObjectName("problemList")
        self.list.setAlternatingRowColors(True)
        filters = QHBoxLayout()
        filters.addWidget(self.topic)
        filters.addWidget(self.difficulty)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.list)
        self.search.textChanged.connect(self.refresh)
        self.topic.currentIndexChanged.connect(self.refresh)
        self.difficulty.currentIndexChanged.connect(self.refresh)
        self.list.currentItemChanged.connect(self._on_current)
        self.refresh()

    def refresh(self) -> None:
        selected = self.selected_id()
        self.list.blockSignals(True)
        self.list.clear()
        for problem in self._bank.search(
            self.search.text(), topic=self.topic.currentData() or None, difficulty=self.difficulty.currentData() or None
        ):
            item = QListWidgetItem(
                f"{problem.title}\n{_DIFFICULTY_MARK[problem.difficulty]} {problem.difficulty.value}"
                f" · {', '.join(t.value.replace('_', ' ') for t in problem.topics)}"
            )
            item.setData(Qt.ItemDataRole.UserRole, problem.id)
            item.setToolTip(", ".join(problem.techniques) or problem.title)
            self.list.addItem(item)
            if problem.id == selected:
                self.list.setCurrentItem(item)
        self.list.blockSignals(False)

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
