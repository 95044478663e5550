"""A label of one line that gives way: cut with "…" to the width a crowded row leaves it."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from ..text import tooltip


class ElidedLabel(QLabel):
    """One line of plain text cut with "…" to the width it gets; ``text()`` and the accessible
    text stay whole, and so does the tooltip. It never asks for more width than a few letters."""

    def __init__(self, text: str = "", parent: QWidget | None = None, objectName: str = ""):  # noqa: N803 - Qt's keyword
        super().__init__(parent, objectName=objectName, textFormat=Qt.TextFormat.PlainText)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self.setToolTip(tooltip(text) if text else "")

    def elided(self) -> str:
        """What is shown at the present width: nothing rather than a stub ("E…") that says nothing."""
        text = self.text()
        shown = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, self.contentsRect().width())
        return shown if shown == text or len(shown) > 6 else ""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(self.fontMetrics().horizontalAdvance("…") * 4, super().minimumSizeHint().height())

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        self.style().drawItemText(painter, self.contentsRect(), int(self.alignment()), self.palette(),
                                  self.isEnabled(), self.elided(), QPalette.ColorRole.WindowText)  # fmt: skip
        painter.end()
