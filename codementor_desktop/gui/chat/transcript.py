"""The conversation as it is read: the learner's messages, the tutor's Markdown answers (rendered
again as each batch of text arrives) and the cards, one under the other, following the bottom
while the learner has not scrolled up to read."""

from __future__ import annotations

import re

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from .cards import rich_label
from .markdown import plain, render
from .richtext import RichText

TABLE = re.compile(r"<table[^>]*>(.*?)</table>", re.DOTALL)
ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.DOTALL)
CELL = re.compile(r"<t([hd])[^>]*>(.*?)</t[hd]>", re.DOTALL)


def tables_as_lines(html: str) -> str:
    """Each table of the rendered Markdown said one row a line ("size n=1000; your code 1,000,000
    operations"), for a dock too narrow for its columns."""

    def lines(table: re.Match[str]) -> str:
        head: list[str] = []
        said = []
        for row in ROW.findall(table.group(1)):
            cells = CELL.findall(row)
            if cells and all(kind == "h" for kind, _text in cells):
                head = [text.strip() for _kind, text in cells]
                continue
            named = [
                f"<i>{head[i]}</i> {text.strip()}" if i < len(head) and head[i] else text.strip()
                for i, (_kind, text) in enumerate(cells)
            ]
            said.append(f"<p style='margin:0 0 6px 0'>{'; '.join(named)}</p>")
        return "".join(said)

    return TABLE.sub(lines, html)


class Message(RichText):
    """One message; the tutor's keeps its Markdown so that it can grow and change theme. A table
    in it reads as lines when the dock is too narrow for its columns."""

    def __init__(self, who: str, text: str = ""):
        super().__init__("", f"{who}Message")
        self.who = who
        self.markdown = text
        if who == "learner":
            self.document().setDocumentMargin(5)

    def show_text(self, dark: bool) -> None:
        if self.who == "learner":
            self.setText(plain(self.markdown))
            return
        html = render(self.markdown, dark)
        if "<table" in html:
            self.set_choices(html, tables_as_lines(html))
        else:
            self.setText(html)


class Column(QWidget):
    """The scrolled column. Its least height is what its wrapped messages need at its width: a
    scroll area gives its widget only ``minimumSizeHint``, which for wrapped text is one line, and
    the messages were squeezed into the view instead of scrolling."""

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        hint = super().minimumSizeHint()
        layout = self.layout()
        if layout is None or self.width() <= 0:
            return hint
        return QSize(hint.width(), max(hint.height(), layout.heightForWidth(self.width())))


class Transcript(QScrollArea):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chatTranscript")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Always there: a bar that comes and goes changes the width the wrapped messages were measured at.
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        inside = Column(objectName="chatInside")
        self.column = QVBoxLayout(inside)
        self.column.setContentsMargins(6, 6, 6, 6)
        self.column.setSpacing(8)
        self.column.addStretch(1)  # the messages sit at the bottom, as in any chat
        self.setWidget(inside)
        self.dark = False
        self.answer: Message | None = None  # the tutor's message being streamed
        self._follow = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(lambda value: setattr(self, "_follow", value >= bar.maximum() - 4))
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high) if self._follow else None)

    def widgets(self) -> list[QWidget]:
        """Messages and cards, in order."""
        items = [self.column.itemAt(i) for i in range(self.column.count())]
        return [w for w in (item.widget() for item in items if item is not None) if w is not None]

    def _add(self, widget: QWidget) -> QWidget:
        self.column.addWidget(widget)
        self._follow = True  # something new: show it
        return widget

    def add_learner(self, text: str) -> Message:
        self.answer = None
        message = Message("learner", text)
        message.show_text(self.dark)
        self._add(message)
        return message

    def add_text(self, piece: str) -> None:
        if self.answer is None:
            self.answer = Message("tutor")
            self._add(self.answer)
        self.answer.markdown += piece
        self.answer.show_text(self.dark)

    def add_card(self, card: QWidget) -> QWidget:
        self.answer = None  # text after a card is a new paragraph under it
        return self._add(card)

    def add_note(self, html: str) -> RichText:
        self.answer = None
        note = rich_label(f"<i>{html}</i>", "chatNote")
        self._add(note)
        return note

    def set_dark(self, dark: bool) -> None:
        self.dark = dark
        for widget in self.widgets():
            if isinstance(widget, Message):
                widget.show_text(dark)

    def scroll_to_end(self) -> None:
        QTimer.singleShot(0, self, lambda: self.verticalScrollBar().setValue(self.verticalScrollBar().maximum()))
