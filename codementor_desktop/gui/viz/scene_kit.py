"""What every structure drawing shares: colours, reusable text labels, and the scene contract.

A scene owns the pyqtgraph items of one family of shapes. It makes them the first time it draws
and afterwards only feeds them new data (``setData``/``setOpts``, ``setText`` on labels that
changed), so following the step cursor never rebuilds the picture.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from html import escape

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont, QFontMetricsF

from .structure_model import Drawing

INK = "#263238"
MUTED = "#607d8b"
FILL = "#eceff1"
POINTED = "#bbdefb"
CHANGED = "#ffd54f"
ACCENT = "#1565c0"
EDGE = "#78909c"
GAP = "#ffffff"


def font(size: int = 10, bold: bool = False) -> QFont:
    chosen = QFont("DejaVu Sans Mono")
    chosen.setStyleHint(QFont.StyleHint.Monospace)
    chosen.setPointSize(size)
    chosen.setBold(bold)
    return chosen


class TextPool:
    """Text labels made once and reused: a step moves, re-texts or hides them."""

    def __init__(self, plot: pg.PlotItem, anchor: tuple[float, float] = (0.5, 0.5), size: int = 10,
                 bold: bool = False, color: str = INK):  # fmt: skip
        self.plot = plot
        self.anchor = anchor
        self.font = font(size, bold)
        self.metrics = QFontMetricsF(self.font)
        self.color = color
        self.items: list[pg.TextItem] = []
        self._shown: list[tuple[str, str] | None] = []
        self.visible = True

    def update(self, entries: list[tuple[float, float, str]], colors: list[str] | None = None) -> None:
        """Show ``entries`` (x, y, text); labels beyond them are hidden."""
        self.reserve(len(entries))
        for index, (x, y, text) in enumerate(entries):
            item = self.items[index]
            color = colors[index] if colors is not None else self.color
            if self._shown[index] != (text, color):
                if "\n" in text:  # lines centred on each other (a pointer's arrow over its name)
                    parts = text.split("\n")
                    lines = "<br>".join(escape(part) for part in parts)
                    item.setHtml(f'<div align="center" style="color:{color}">{lines}</div>')
                    # Centring needs a width: the widest line's (the document margins included).
                    widest = max(self.metrics.horizontalAdvance(part) for part in parts)
                    item.setTextWidth(widest + 2 * item.textItem.document().documentMargin() + 2)
                else:
                    item.setText(text, color=color)
                self._shown[index] = (text, color)
            item.setPos(x, y)
            item.setVisible(self.visible)
        for index in range(len(entries), len(self.items)):
            if self.items[index].isVisible():
                self.items[index].setVisible(False)
        self._count = len(entries)

    def reserve(self, count: int) -> None:
        """Make labels, hidden, until there are ``count`` (ahead of a drawing, while idle)."""
        while len(self.items) < count:
            item = pg.TextItem(anchor=self.anchor)
            item.setFont(self.font)
            item.setZValue(20)
            item.setVisible(False)
            self.plot.addItem(item)
            self.items.append(item)
            self._shown.append(None)

    def set_visible(self, visible: bool) -> None:
        self.visible = visible
        for index, item in enumerate(self.items):
            item.setVisible(visible and index < getattr(self, "_count", 0))

    def texts(self) -> list[str]:
        """The texts on show (for tests and screenshots)."""
        return [item.toPlainText() for item in self.items if item.isVisible()]


class Scene(ABC):
    """One family of shapes drawn in a shared plot; subclasses make their items in ``build``."""

    aspect_locked = True

    def __init__(self, plot: pg.PlotItem):
        self.plot = plot
        self.items: list = []
        self.pools: list[TextPool] = []
        self.built = False
        self.visible = False

    def add(self, item):
        self.plot.addItem(item)
        self.items.append(item)
        return item

    def pool(self, **options) -> TextPool:
        created = TextPool(self.plot, **options)
        self.pools.append(created)
        return created

    def set_visible(self, visible: bool) -> None:
        self.visible = visible
        for item in self.items:
            item.setVisible(visible)
        for text_pool in self.pools:
            text_pool.set_visible(visible)

    def show(self, drawing: Drawing) -> QRectF:
        """Draw ``drawing`` and return the rectangle it covers (for fitting the view)."""
        self.ensure_built()
        self.set_visible(True)
        return self.draw(drawing)

    def ensure_built(self) -> None:
        """Make the scene's items (hidden until shown); the panel calls it ahead, while idle."""
        if not self.built:
            self.build()
            self.built = True
            self.set_visible(self.visible)

    @abstractmethod
    def build(self) -> None:
        """Make the scene's items, empty and hidden."""

    @abstractmethod
    def draw(self, drawing: Drawing) -> QRectF:
        """Update the items to show ``drawing``; return the rectangle it covers."""


def bars(brush_default: str = FILL) -> pg.BarGraphItem:
    """Boxes drawn from arrays of left, top, width and height (empty at first)."""
    empty = np.zeros(0)
    return pg.BarGraphItem(x0=empty, y0=empty, width=empty, height=empty, brush=brush_default,
                           pen=pg.mkPen(INK, width=1))  # fmt: skip


def segments() -> pg.PlotCurveItem:
    """Line segments given as pairs of points (edges, arrows).

    One pixel wide: Qt's antialiased wide lines cost seconds per paint for a 1,000-node tree.
    """
    return pg.PlotCurveItem(x=np.zeros(0), y=np.zeros(0), connect="pairs", pen=pg.mkPen(EDGE, width=1),
                            antialias=True, segmentedLineMode="on")  # fmt: skip


def arrow_segments(x1: float, y1: float, x2: float, y2: float, head: float = 0.18) -> list[tuple[float, float]]:
    """The shaft and the two barbs of an arrow from (x1, y1) to (x2, y2), as point pairs."""
    angle = math.atan2(y2 - y1, x2 - x1)
    points = [(x1, y1), (x2, y2)]
    for side in (-0.45, 0.45):
        points += [(x2, y2), (x2 - head * math.cos(angle + side), y2 - head * math.sin(angle + side))]
    return points


def set_pairs(curve: pg.PlotCurveItem, points: list[tuple[float, float]]) -> None:
    if points:
        data = np.asarray(points, dtype=float)
        curve.setData(x=data[:, 0], y=data[:, 1], connect="pairs")
    else:
        curve.setData(x=np.zeros(0), y=np.zeros(0))


def set_boxes(item: pg.BarGraphItem, boxes: list[tuple[float, float, float, float]], brushes: list[str],
              pens: list | None = None) -> None:  # fmt: skip
    """Feed (left, top, width, height) boxes with their fill colours to a bar item."""
    data = np.asarray(boxes, dtype=float).reshape(-1, 4)
    options = {"x0": data[:, 0], "y0": data[:, 1], "width": data[:, 2], "height": data[:, 3],
               "brushes": [pg.mkBrush(colour) for colour in brushes]}  # fmt: skip
    if pens is not None:
        options["pens"] = pens
    item.setOpts(**options)


def bounds(left: float, top: float, right: float, bottom: float) -> QRectF:
    return QRectF(left, top, max(right - left, 1e-6), max(bottom - top, 1e-6))
