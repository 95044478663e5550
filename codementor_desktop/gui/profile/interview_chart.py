"""The Profile tab's picture of mock interviews: one bar per finished interview, oldest on the left,
as tall as the share of the time it took (the dashed line is the limit), green when it was solved
and orange when not."""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QSize
from PySide6.QtWidgets import QWidget

SOLVED_COLOUR = "#43a047"
UNSOLVED_COLOUR = "#ef6c00"
LIMIT_COLOUR = "#8a8f98"  # mid grey: reads on white and on near-black


def tr(text: str) -> str:
    return QCoreApplication.translate("ProfileCharts", text)


class InterviewTrend(pg.PlotWidget):
    """Time used over the limit per interview, coloured by solved or not."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, background="w")
        self.setMinimumHeight(160)
        item = self.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        item.setMouseEnabled(x=False, y=False)
        item.showGrid(x=False, y=True, alpha=0.15)
        item.getAxis("left").setWidth(46)  # "100%" fits (pyqtgraph drops a tick's label that does not)
        item.getAxis("left").setTicks([[(v, f"{round(v * 100)}%") for v in (0, 0.25, 0.5, 0.75, 1.0)]])
        item.setLabel("bottom", tr("interview"))
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brushes=[], pen=None)
        self.limit = pg.InfiniteLine(pos=1.0, angle=0, pen=pg.mkPen(LIMIT_COLOUR, width=1.5, dash=[4, 3]))
        item.addItem(self.bars)
        item.addItem(self.limit)
        item.enableAutoRange(x=False, y=False)
        item.setYRange(-0.06, 1.16, padding=0)  # room for the "0%" and "100%" ticks (or pyqtgraph drops them)
        self.points: list[tuple[bool, float]] = []

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(super().sizeHint().width(), 200)

    def show_interviews(self, trend: list[dict[str, Any]]) -> None:
        """``trend``: ``[{"solved", "time_ratio"}]`` oldest first (``get_user_progress``'s)."""
        self.points = [(bool(p.get("solved")), min(1.0, float(p.get("time_ratio") or 0.0))) for p in trend]
        xs = list(range(1, len(self.points) + 1))
        heights = [max(ratio, 0.02) for _solved, ratio in self.points]  # a quick one still shows
        brushes = [pg.mkBrush(SOLVED_COLOUR if solved else UNSOLVED_COLOUR) for solved, _ratio in self.points]
        self.bars.setOpts(x=xs, height=heights, width=0.6, brushes=brushes)
        item = self.getPlotItem()
        item.setXRange(0.4, max(len(xs), 5) + 0.6, padding=0)
        step = max(1, len(xs) // 10)
        item.getAxis("bottom").setTicks([[(x, str(x)) for x in xs[::step]]])
