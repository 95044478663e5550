"""The first run's guided tour: a few small bubbles, each pointing at a part of the window (Run,
Submit, Trace, the panels, the problem list), with Next and Skip; Esc skips. Once finished or
skipped it is not shown again at start (a flag in the data folder); Help ▸ Tour shows it anew.

The bubble is a child of the window, not a window of its own: it moves and closes with it, and
the learner can still reach everything else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, QRect, Qt, Signal
from PySide6.QtGui import QPainter, QPainterPath, QPaintEvent, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolBar, QVBoxLayout, QWidget

from .keys import took_escape
from .window_files import TOUR_SEEN, Flag

if TYPE_CHECKING:
    from .main_window import MainWindow

ARROW = 10  # px of the bubble's pointer
WIDTH = 330


def tr(text: str) -> str:
    return QCoreApplication.translate("Tour", text)


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    target: Callable[[], QWidget | None]


def steps_of(window: MainWindow) -> list[Step]:
    bar = window.findChild(QToolBar, "mainToolbar")

    def button(action) -> Callable[[], QWidget | None]:
        return lambda: bar.widgetForAction(action) if bar is not None else None

    return [
        Step(
            tr("Run"),
            tr("Run (Ctrl+Enter) tries your code on the problem's examples; the Tests tab shows how each one went."),
            button(window.run_action),
        ),  # fmt: skip
        Step(
            tr("Submit"),
            tr(
                "Submit (Ctrl+Shift+Enter) runs every test, hidden ones too. When all pass, the "
                "problem is marked solved."
            ),
            button(window.submit_action),
        ),  # fmt: skip
        Step(
            tr("Trace"),
            tr(
                "Trace (F5) follows your code step by step; the Trace, Structure, Variables and Flow "
                "tabs draw each step."
            ),
            button(window.trace_action),
        ),  # fmt: skip
        Step(
            tr("The panels"),
            tr("Tests, Output and the drawings of a trace live here. Alt+1 to Alt+6 bring each to the front."),
            lambda: window.panels.tabBar(),
        ),  # fmt: skip
        Step(
            tr("Problems"),
            tr("Choose a problem here; your code is saved as you type. Help ▸ Tour shows this tour again."),
            lambda: window.browser,
        ),  # fmt: skip
    ]


class Tour(QFrame):
    """One bubble at a time; ``ended(finished)`` when the last step is passed or the tour skipped."""

    ended = Signal(bool)

    def __init__(self, window: MainWindow, steps: list[Step]):
        super().__init__(window, objectName="tourBubble")
        self.window_ = window
        self.steps = steps
        self.index = -1
        self._below = True
        self._tip_x = 0
        self.setAccessibleName(tr("Guided tour"))
        self.setFixedWidth(WIDTH)
        box = QVBoxLayout(self)
        box.setContentsMargins(14, 12 + ARROW, 14, 12 + ARROW)
        self.title = QLabel("", objectName="tourTitle", textFormat=Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.text = QLabel("", objectName="tourText", textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.count = QLabel("", textFormat=Qt.TextFormat.PlainText)
        self.skip_button = QPushButton(tr("Skip"))
        self.next_button = QPushButton(tr("Next"), default=True)
        self.skip_button.clicked.connect(self.skip)
        self.next_button.clicked.connect(self.next_step)
        row = QHBoxLayout()
        row.addWidget(self.count, 1)
        row.addWidget(self.skip_button)
        row.addWidget(self.next_button)
        box.addWidget(self.title)
        box.addWidget(self.text)
        box.addLayout(row)
        for widget in (self, self.skip_button, self.next_button):
            widget.installEventFilter(self)
        self.hide()

    def start(self) -> None:
        self.index = -1
        self.next_step()

    def next_step(self) -> None:
        self.index += 1
        if self.index >= len(self.steps):
            self._end(True)
            return
        step = self.steps[self.index]
        self.title.setText(step.title)
        self.text.setText(step.text)
        self.count.setText(tr("%d of %d") % (self.index + 1, len(self.steps)))
        last = self.index == len(self.steps) - 1
        self.next_button.setText(tr("Done") if last else tr("Next"))
        self.next_button.setAccessibleName(tr("Finish the tour") if last else tr("Next step of the tour"))
        self.setAccessibleDescription(f"{step.title}: {step.text}")
        self.adjustSize()
        self._place(step.target())
        self.show()
        self.raise_()
        self.next_button.setFocus()

    def skip(self) -> None:
        self._end(False)

    def _end(self, finished: bool) -> None:
        self.hide()
        self.ended.emit(finished)
        self.deleteLater()

    def _place(self, target: QWidget | None) -> None:
        """Below the target (above it when there is no room), the pointer at the target's middle."""
        window = self.window_
        if target is None or not target.isVisible():
            rect = QRect(window.width() // 2, window.height() // 3, 0, 0)
        else:
            rect = QRect(target.mapTo(window, QPoint(0, 0)), target.size())
        height = self.sizeHint().height()
        self._below = rect.bottom() + height < window.height() - 8
        y = rect.bottom() + 2 if self._below else rect.top() - height - 2
        x = min(max(rect.center().x() - 60, 8), window.width() - WIDTH - 8)
        self.setGeometry(x, max(y, 0), WIDTH, height)
        self._tip_x = min(max(rect.center().x() - x, 16), WIDTH - 16)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        """A rounded frame with a pointer towards the target."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = self.rect().adjusted(1, ARROW + 1, -1, -ARROW - 1)
        path = QPainterPath()
        path.addRoundedRect(body, 8, 8)
        edge = body.top() if self._below else body.bottom()
        toward = edge - ARROW if self._below else edge + ARROW
        pointer = QPainterPath()
        pointer.addPolygon(QPolygonF([QPointF(self._tip_x - ARROW, edge), QPointF(self._tip_x, toward),
                                      QPointF(self._tip_x + ARROW, edge)]))  # fmt: skip
        path = path.united(pointer)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
        painter.setBrush(palette.color(QPalette.ColorRole.ToolTipBase))
        painter.drawPath(path)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Esc skips the tour, before the window's Esc (Stop) sees it."""
        return took_escape(event, self.skip) or super().eventFilter(watched, event)


def show_tour(window: MainWindow) -> Tour:
    """Show the tour now (Help ▸ Tour); passing or skipping it marks it seen."""
    for old in window.findChildren(Tour):
        old.hide()
        old.deleteLater()
    tour = Tour(window, steps_of(window))
    seen = Flag(window.services.paths.data_dir, TOUR_SEEN)
    tour.ended.connect(lambda _finished: seen.set())
    tour.start()
    return tour


def offer_tour(window: MainWindow) -> Tour | None:
    """At start: the tour, unless it was seen before."""
    if Flag(window.services.paths.data_dir, TOUR_SEEN).is_set():
        return None
    return show_tour(window)
