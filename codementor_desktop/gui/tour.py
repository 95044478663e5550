"""The first run's guided tour: a few small bubbles, each pointing at a part of the window (Run,
Submit, Trace, the panels, the problem list), with Next and Skip; Esc skips. Once finished or
skipped it is not shown again at start (a flag in the data folder); Help ▸ Tour shows it anew.

The bubble is a child of the window, not a window of its own: it moves and closes with it, and
the learner can still reach everything else. It sits beside what it points at, never over it,
and keeps off the statement as far as its pointer's reach allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QAction, QPainter, QPainterPath, QPaintEvent, QPalette, QPen, QPolygonF
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from .keys import took_escape
from .window_files import TOUR_SEEN, Flag

ARROW = 10  # px of the bubble's pointer
WIDTH = 350  # with room for a pointer on either side
REACH = 2 * ARROW + 8  # the pointer's middle is this far inside the bubble's ends: clear of the rounded corners
SIDE_COST = 8000  # px² of the statement worth covering to keep the bubble below or above its target


def tr(text: str) -> str:
    return QCoreApplication.translate("Tour", text)


@dataclass(frozen=True)
class Step:
    title: str
    text: str
    target: Callable[[], QWidget | None]


def tour_steps(
    bar: QToolBar | None, run: QAction, submit: QAction, trace: QAction, panels: QTabWidget, browser: QWidget
) -> list[Step]:
    """The steps: Run, Submit and Trace on the toolbar ``bar``, the panel tabs, the problem list."""

    def button(action: QAction) -> Callable[[], QWidget | None]:
        return lambda: bar.widgetForAction(action) if bar is not None else None

    return [
        Step(
            tr("Run"),
            tr("Run (Ctrl+Enter) tries your code on the problem's examples; the Tests tab shows how each one went."),
            button(run),
        ),  # fmt: skip
        Step(
            tr("Submit"),
            tr(
                "Submit (Ctrl+Shift+Enter) runs every test, hidden ones too. When all pass, the "
                "problem is marked solved."
            ),
            button(submit),
        ),  # fmt: skip
        Step(
            tr("Trace"),
            tr(
                "Trace (F5) follows your code step by step; the Trace, Structure, Variables and Flow "
                "tabs draw each step."
            ),
            button(trace),
        ),  # fmt: skip
        Step(
            tr("The panels"),
            tr("Tests, Output and the drawings of a trace live here. Alt+1 to Alt+6 bring each to the front."),
            lambda: panels.tabBar(),
        ),  # fmt: skip
        Step(
            tr("Problems"),
            tr("Choose a problem here; your code is saved as you type. Help ▸ Tour shows this tour again."),
            lambda: browser,
        ),  # fmt: skip
    ]


def overlap(one: QRect, other: QRect) -> int:
    """The area two rectangles share."""
    shared = one.intersected(other)
    return max(shared.width(), 0) * max(shared.height(), 0)


def place_bubble(target: QRect, size: QSize, room: QRect, clear: list[QRect]) -> tuple[str, QRect]:
    """Where a bubble of ``size`` goes by ``target``: beside it on one side (below, above, right or
    left), inside ``room``, never over the target, and over as little of ``clear`` (what the
    learner is reading: the statement) as the pointer's reach allows. Returns the side and the place."""
    width, height = size.width(), size.height()
    reach = REACH
    centre = target.center()
    best: tuple[int, int, str, QRect] | None = None
    for order, side in enumerate(("below", "above", "right", "left")):
        if side in ("below", "above"):
            y = target.bottom() + 2 if side == "below" else target.top() - height - 2
            low = max(room.left(), centre.x() - width + reach)
            high = min(room.right() - width, centre.x() - reach)
            places = [QRect(x, y, width, height) for x in _spread(low, high)]
        else:
            x = target.right() + 2 if side == "right" else target.left() - width - 2
            low = max(room.top(), centre.y() - height + reach)
            high = min(room.bottom() - height, centre.y() - reach)
            places = [QRect(x, y, width, height) for y in _spread(low, high)]
        for rect in places:
            if not room.contains(rect) or rect.intersects(target):
                continue
            cost = sum(overlap(rect, other) for other in clear) + order * SIDE_COST  # below first, then above, …
            if best is None or (cost, order) < best[:2]:
                best = (cost, order, side, rect)
    if best is None:  # nowhere beside it: the middle of the room
        return "below", QRect(room.center().x() - width // 2, room.center().y() - height // 2, width, height)
    return best[2], best[3]


def _spread(low: int, high: int, steps: int = 24) -> list[int]:
    """Positions from ``low`` to ``high`` (none when the range is empty)."""
    if high < low:
        return []
    return sorted({low + (high - low) * n // steps for n in range(steps + 1)})


class Tour(QFrame):
    """One bubble at a time; ``ended(finished)`` when the last step is passed or the tour skipped."""

    ended = Signal(bool)

    def __init__(self, host: QWidget, steps: list[Step], keep_clear: Callable[[], list[QWidget]] = list):
        """``keep_clear`` names what the bubble should hide as little as it can (the statement)."""
        super().__init__(host, objectName="tourBubble")
        self.host = host
        self.steps = steps
        self.keep_clear = keep_clear
        self.index = -1
        self.side = "below"  # of the target: the pointer is on the bubble's other side
        self._tip = 0  # where along that side the pointer is
        self.setAccessibleName(tr("Guided tour"))
        self.setFixedWidth(WIDTH)
        box = QVBoxLayout(self)
        box.setContentsMargins(14 + ARROW, 12 + ARROW, 14 + ARROW, 12 + ARROW)  # room for a pointer on any side
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

    def _on_host(self, widget: QWidget) -> QRect:
        return QRect(widget.mapTo(self.host, QPoint(0, 0)), widget.size())

    def _place(self, target: QWidget | None) -> None:
        """Beside the target, never over it, and over as little of the statement as can be; the
        pointer at the target's middle."""
        host = self.host
        if target is None or not target.isVisible():
            rect = QRect(host.width() // 2, host.height() // 3, 0, 0)
        else:
            rect = self._on_host(target)
        size = QSize(WIDTH, max(self.sizeHint().height(), self.heightForWidth(WIDTH)))
        clear = [self._on_host(widget) for widget in self.keep_clear() if widget.isVisible()]
        self.side, place = place_bubble(rect, size, host.rect().adjusted(4, 4, -4, -4), clear)
        self.setGeometry(place)
        along = rect.center().x() - place.x() if self.side in ("below", "above") else rect.center().y() - place.y()
        length = place.width() if self.side in ("below", "above") else place.height()
        self._tip = min(max(along, REACH), length - REACH)

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        """A rounded frame with a pointer towards the target."""
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        body = QRectF(self.rect()).adjusted(ARROW + 1, ARROW + 1, -ARROW - 1, -ARROW - 1)
        path = QPainterPath()
        path.addRoundedRect(body, 8, 8)
        tip = float(self._tip)
        if self.side in ("below", "above"):  # the target is above (or below): the pointer on top (bottom)
            edge = body.top() if self.side == "below" else body.bottom()
            toward = edge - ARROW if self.side == "below" else edge + ARROW
            corners = [QPointF(tip - ARROW, edge), QPointF(tip, toward), QPointF(tip + ARROW, edge)]
        else:  # the target is to the left (or right): the pointer on that side
            edge = body.left() if self.side == "right" else body.right()
            toward = edge - ARROW if self.side == "right" else edge + ARROW
            corners = [QPointF(edge, tip - ARROW), QPointF(toward, tip), QPointF(edge, tip + ARROW)]
        pointer = QPainterPath()
        pointer.addPolygon(QPolygonF(corners))
        path = path.united(pointer)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
        painter.setBrush(palette.color(QPalette.ColorRole.ToolTipBase))
        painter.drawPath(path)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Esc skips the tour, before the window's Esc (Stop) sees it."""
        return took_escape(event, self.skip) or super().eventFilter(watched, event)


class TourGuide:
    """Help ▸ Tour, and the tour at the first start: ``steps()`` made when it is shown, the bubble
    on ``host``, kept off ``keep_clear()``; once passed or skipped, a flag in ``data_dir`` says so."""

    def __init__(
        self,
        host: QWidget,
        data_dir: Path,
        steps: Callable[[], list[Step]],
        keep_clear: Callable[[], list[QWidget]] = list,
    ):
        self.host = host
        self.seen = Flag(data_dir, TOUR_SEEN)
        self.steps = steps
        self.keep_clear = keep_clear

    def show(self) -> Tour:
        """Show the tour now (Help ▸ Tour); passing or skipping it marks it seen."""
        for old in self.host.findChildren(Tour):
            old.hide()
            old.deleteLater()
        tour = Tour(self.host, self.steps(), self.keep_clear)
        tour.ended.connect(lambda _finished: self.seen.set())
        tour.start()
        return tour

    def offer(self) -> Tour | None:
        """At start: the tour, unless it was seen before."""
        return None if self.seen.is_set() else self.show()
