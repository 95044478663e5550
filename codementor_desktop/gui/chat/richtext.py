"""Rich text that is as tall as what it shows, at the width it is given, and never breaks a word.

A word-wrapped ``QLabel`` measures rich text (a ``<pre>`` block, a table) shorter than it draws
it, and the conversation's last lines were cut off. This view lays its own document out at its
own width and takes that height, so what is measured is what is drawn.

Qt's default wrapping breaks a word anywhere once it does not fit, and squeezes a table's columns
until their words break ("verdic" over "t"). Here text wraps between words only; what cannot fit
that way at this width is said another way (``set_choices``: a table, then the same as lines), and
only the last way, when even it is too wide (one word longer than the line), may break a word.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent, QTextOption
from PySide6.QtWidgets import QFrame, QSizePolicy, QTextBrowser, QWidget

Wrap = QTextOption.WrapMode


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
        self._choices: tuple[str, ...] = ("",)
        self._shown = -1  # which of the choices the document holds
        self.setText(html)

    def setText(self, html: str) -> None:  # noqa: N802 - QLabel's name, which the cards used
        self.set_choices(html)

    def set_choices(self, *choices: str) -> None:
        """Ways to say the same thing, widest first: the first that fits this width with whole
        words is shown, and the choice is made again when the width changes."""
        self._choices = choices or ("",)
        self._shown = -1
        self._fit()

    def text(self) -> str:
        """The HTML on show (``toPlainText`` has what it shows)."""
        return self._choices[max(self._shown, 0)]

    @property
    def choice(self) -> int:
        """Which of the choices is on show (0: the widest)."""
        return max(self._shown, 0)

    def _show(self, index: int, wrap: Wrap) -> None:
        if self.wordWrapMode() != wrap:
            self.setWordWrapMode(wrap)
        if index != self._shown:
            self._shown = index
            self.setHtml(self._choices[index])

    def _fit(self) -> None:
        width = self.viewport().width()
        if width <= 0:
            self._show(max(self._shown, 0), Wrap.WrapAtWordBoundaryOrAnywhere)
            return
        document = self.document()
        for index in range(len(self._choices)):
            self._show(index, Wrap.WordWrap)
            document.setTextWidth(width)
            if document.size().width() <= width + 0.5:  # wider than asked: a word or a column does not fit
                break
        else:  # even the narrowest way has a word longer than the line: that word alone breaks
            self._show(len(self._choices) - 1, Wrap.WrapAtWordBoundaryOrAnywhere)
            document.setTextWidth(width)
        height = int(document.size().height() + 0.999) + 2 * self.frameWidth()
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
