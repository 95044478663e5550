"""The Profile tab's charts laid out to the room the panel has: side by side when each gets
``CARD_WIDTH`` or more, else two to a row, else one under the other (the tab scrolls up and down).
A chart's last row is shared by what is left, so no chart stands beside an empty cell.

Each chart carries its title as a label above it, not as pyqtgraph's: a plot's title is clipped to
the plot's width, a label wraps instead, and it takes the theme's colours with the rest of the window.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

CARD_WIDTH = 400  # px: a name axis (~160 px for "Suboptimal space complexity") and bars worth reading


class ChartCard(QWidget):
    """A chart under its title."""

    def __init__(self, title: str, chart: QWidget, parent: QWidget | None = None):
        super().__init__(parent)
        self.chart = chart
        self.title = QLabel(title, wordWrap=True, textFormat=Qt.TextFormat.PlainText)
        self.title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.title.setBuddy(chart)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(chart, 1)
        layout.addStretch(0)  # a chart that has all the height it takes stays under its title


class ChartGrid(QWidget):
    """Lays out ``cards`` in as many columns as its width holds (1 to all of them)."""

    def __init__(self, cards: list[ChartCard], parent: QWidget | None = None):
        super().__init__(parent)
        self.cards = cards
        self.columns = 0
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(8)
        for card in cards:
            card.setMinimumWidth(120)  # never widen the tab: a narrow panel gets one column instead
        self.arrange(len(cards))

    def columns_for(self, width: int) -> int:
        return max(1, min(len(self.cards), width // CARD_WIDTH))

    def arrange(self, columns: int) -> None:
        if columns == self.columns:
            return
        self.columns = columns
        for card in self.cards:
            self.grid.removeWidget(card)
        for column in range(self.grid.columnCount()):
            self.grid.setColumnStretch(column, 0)
        rows = [self.cards[start : start + columns] for start in range(0, len(self.cards), columns)]
        for row, cards in enumerate(rows):
            span = columns // len(cards)  # the last row's cards share the whole width
            for place, card in enumerate(cards):
                last = place == len(cards) - 1
                self.grid.addWidget(card, row, place * span, 1, columns - place * span if last else span)
        for column in range(columns):
            self.grid.setColumnStretch(column, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        self.arrange(self.columns_for(event.size().width()))
        super().resizeEvent(event)
