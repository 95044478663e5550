"""Rich text that is as tall as what it shows, at the width it is given.

A word-wrapped ``QLabel`` measures rich text (a ``<pre>`` block, a table) shorter than it draws
it, and the conversation's last lines were cut off. This view lays its own document out at its
own width and takes that height, so what is measured is what is drawn.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget


class RichText(QTextBrowser):
    def __init__(self, html: str = "", name: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName(name)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setOpenLinks(False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().setDocumentMargin(2)
        self.viewport().setAutoFillBackground(False)
        self._html = ""
        self.setText(html)

    def setText(self, html: str) -> None:  # noqa: N802 - QLabel's name, which the cards used
        self._html = html
        self.setHtml(html)
        self._fit()

    def text(self) -> str:
        """The HTML last set (``toPlainText`` has what it shows)."""
        return self._html

    def _fit(self) -> None:
        width = self.viewport().width()
        if width <= 0:
            return
        self.document().setTextWidth(width)
        height = int(self.document().size().height() + 0.999) + 2 * self.frameWidth()
        if height != self.height():
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(200, self.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(80, self.height())
