"""The one step cursor that every view of a trace follows."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class StepCursor(QObject):
    """The current step of the trace on show; ``moved`` fires once per change, on the GUI thread."""

    moved = Signal(int)
    countChanged = Signal(int)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._index = 0
        self._count = 0

    @property
    def index(self) -> int:
        return self._index

    @property
    def count(self) -> int:
        return self._count

    def set_count(self, count: int) -> None:
        """How many steps there are (grows while a trace streams)."""
        if count == self._count:
            return
        self._count = max(0, count)
        self.countChanged.emit(self._count)
        if self._index >= self._count and self._count:
            self.move(self._count - 1)

    def move(self, index: int) -> None:
        """Go to step ``index`` (clamped to the steps there are)."""
        index = max(0, min(int(index), self._count - 1)) if self._count else 0
        if index != self._index:
            self._index = index
            self.moved.emit(index)

    def reset(self) -> None:
        self._count = 0
        self._index = 0
        self.countChanged.emit(0)
        self.moved.emit(0)
