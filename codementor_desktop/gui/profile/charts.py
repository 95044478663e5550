"""The Profile tab's pictures: mastery as horizontal bars with their uncertainty as whiskers, and
mastery over time as lines. pyqtgraph draws them; the theme colours their background and axes
(``recolour_plots``), the bars keep colours that read on both.

The plot items are made once; a new profile only feeds them new data.
"""

from __future__ import annotations

import math
from datetime import datetime

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QSize, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QWidget

from ..contrast import THEME_EVENTS, colour_legend

BAR_COLOUR = "#1e88e5"
WEAK_COLOUR = "#ef6c00"  # under WEAK_BELOW: what the recommendations aim at
WHISKER_COLOUR = "#8a8f98"  # mid grey: reads on white and on near-black
WEAK_BELOW = 50
LINE_COLOURS = ("#1e88e5", "#43a047", "#8e24aa", "#f4511e", "#00897b", "#c0ca33", "#6d4c41", "#d81b60")
READINESS_COLOUR = "#ffb300"


def tr(text: str) -> str:
    return QCoreApplication.translate("ProfileCharts", text)


class MasteryBars(pg.PlotWidget):
    """Mastery 0–100 of named things (patterns or topics), weakest on top; ``barClicked(key)`` on a click."""

    barClicked = Signal(str)  # noqa: N815 - Qt's naming for signals

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w")
        self.setMinimumHeight(140)
        self.keys: list[str] = []
        item = self.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setMouseEnabled(x=False, y=False)
        item.invertY(True)
        item.setXRange(-4, 108, padding=0)  # room for the "0" and "100" under the ends (or pyqtgraph drops them)
        item.showGrid(x=True, y=False, alpha=0.15)
        item.getAxis("bottom").setTicks([[(v, str(v)) for v in (0, 25, 50, 75, 100)]])
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.6, width=[], brushes=[], pen=None)
        empty = np.zeros(0)  # pyqtgraph's error bars do arithmetic on them: arrays, not lists
        self.whiskers = pg.ErrorBarItem(
            x=empty, y=empty, left=empty, right=empty, beam=0.25, pen=pg.mkPen(WHISKER_COLOUR, width=1.5)
        )
        item.addItem(self.bars)
        item.addItem(self.whiskers)
        self.scene().sigMouseClicked.connect(self._on_click)

    def show_values(self, labels: dict[str, str], values: dict[str, float], spread: dict[str, float]) -> None:
        """``values`` (0–100) by key, ``labels`` the words to show, ``spread`` the uncertainty (0–1)."""
        self.keys = sorted(values, key=lambda key: (values[key], labels.get(key, key)))
        ys = list(range(len(self.keys)))
        widths = [max(0.0, min(100.0, float(values[key]))) for key in self.keys]
        reach = [50.0 * max(0.0, min(1.0, float(spread.get(key, 0.0)))) for key in self.keys]
        brushes = [pg.mkBrush(WEAK_COLOUR if w < WEAK_BELOW else BAR_COLOUR) for w in widths]
        self.bars.setOpts(x0=[0] * len(ys), y=ys, height=0.6, width=widths, brushes=brushes)
        left = [min(r, w) for r, w in zip(reach, widths, strict=True)]
        right = [min(r, 100 - w) for r, w in zip(reach, widths, strict=True)]
        self.whiskers.setData(
            x=np.array(widths), y=np.array(ys, dtype=float), left=np.array(left), right=np.array(right), beam=0.25
        )
        axis = self.getPlotItem().getAxis("left")
        words = [labels.get(key, key) for key in self.keys]
        axis.setTicks([list(zip(ys, words, strict=True))])
        # pyqtgraph sizes the axis for numbers: the names need their own width, or they are cut away.
        metrics = QFontMetrics(axis.style.get("tickFont") or self.font())
        axis.setWidth(max((metrics.horizontalAdvance(word) for word in words), default=20) + 14)
        self.getPlotItem().setYRange(-0.6, max(len(ys), 1) - 0.4, padding=0)
        self.setMinimumHeight(max(140, 22 * len(ys) + 40))  # the names must not overlap
        self.setMaximumHeight(max(180, 36 * len(ys) + 40))  # nor five topics turn into slabs

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        # A graphics view asks for a large square; the tab scrolls, so ask only for what the bars need.
        return QSize(super().sizeHint().width(), self.minimumHeight())

    def bar_centre(self, index: int) -> QPointF:
        """Where bar ``index`` is on the widget (a test clicks there)."""
        width = self.bars.opts["width"][index]
        point = self.getPlotItem().vb.mapViewToScene(QPointF(max(width / 2, 1.0), index))
        return self.mapFromScene(point)

    def _on_click(self, event) -> None:
        if not self.keys:
            return
        point = self.getPlotItem().vb.mapSceneToView(event.scenePos())
        index = round(point.y())
        if 0 <= index < len(self.keys) and -5 <= point.x() <= 100:
            self.barClicked.emit(self.keys[index])


class TrendLines(pg.PlotWidget):
    """Readiness and mastery over time, one line each, dates along the bottom."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w")
        self.setMinimumHeight(180)
        item = self.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setYRange(0, 100, padding=0.06)  # room for the "0" and "100" beside the ends (or pyqtgraph drops them)
        item.setMouseEnabled(x=False, y=False)
        item.showGrid(x=False, y=True, alpha=0.15)
        self.legend = item.addLegend(offset=(5, 5), colCount=4)  # a band along the top, not a block over the lines
        self.lines: dict[str, pg.PlotDataItem] = {}
        self._colour_legend()

    def _colour_legend(self) -> None:
        """The legend's words in the theme's text colour (pyqtgraph's default grey fails 4.5:1 on
        white): they sit on the plot's background, the palette's base."""
        colour_legend(self.legend)

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "legend"):  # not while pyqtgraph builds it
            self._colour_legend()
        return super().event(event)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(super().sizeHint().width(), 220)

    def show_trend(self, trend: list[dict], labels: dict[str, str]) -> None:
        """``trend``: ``[{"date", "readiness", "topics": {topic: 0–100}}]`` oldest first."""
        item = self.getPlotItem()
        for line in self.lines.values():
            item.removeItem(line)
        self.legend.clear()
        self.lines = {}
        points: list[tuple[float, dict]] = []
        for day in trend:
            stamp = self._stamp(day.get("date"))
            if stamp is not None:
                points.append((stamp, day))
        if not points:
            return
        xs = [stamp for stamp, _day in points]
        symbol = "o" if len(xs) < 3 else None  # one day alone shows as a dot, not as nothing
        readiness = [float(day.get("readiness") or 0) for _stamp, day in points]
        self.lines["readiness"] = item.plot(xs, readiness, pen=pg.mkPen(READINESS_COLOUR, width=3), symbol=symbol,
                                            symbolBrush=READINESS_COLOUR, name=tr("Readiness"))  # fmt: skip
        topics = sorted({key for _stamp, day in points for key in (day.get("topics") or {})})
        for number, topic in enumerate(topics):
            colour = LINE_COLOURS[number % len(LINE_COLOURS)]
            ys = [float((day.get("topics") or {}).get(topic, float("nan"))) for _stamp, day in points]
            self.lines[topic] = item.plot(xs, ys, pen=pg.mkPen(colour, width=1.5), symbol=symbol, symbolBrush=colour,
                                          connect="finite", name=labels.get(topic, topic))  # fmt: skip
        # The days as "24 Nov", at most six of them: pyqtgraph's date axis writes a week as bare numbers.
        step = max(1, math.ceil(len(xs) / 6))
        item.getAxis("bottom").setTicks([[(x, datetime.fromtimestamp(x).strftime("%d %b")) for x in xs[::step]]])
        if len(xs) == 1:
            item.setXRange(xs[0] - 86400, xs[0] + 86400)
        else:
            item.setXRange(min(xs), max(xs), padding=0.05)

    @staticmethod
    def _stamp(date: object) -> float | None:
        try:
            return datetime.strptime(str(date), "%Y-%m-%d").timestamp()
        except ValueError:
            return None
