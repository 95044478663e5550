"""Complexity as a picture: the learner's operation counts at growing sizes with the fitted class
drawn through them, the reference solution's counts beside them, and the estimate read from the
structure in words above. People would rather compare two curves than read "O(n²)".

The plot items are made once; a new analysis only feeds them new data (``setData``).
"""

from __future__ import annotations

import math
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QCheckBox, QFrame, QHBoxLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...analysis import fitted_curve
from ..contrast import THEME_EVENTS, colour_legend, readable
from ..text import escaped, tooltip

# As on white; each is moved to read on the theme's background (``_colour``).
LEARNER_COLOUR = "#1565c0"
FIT_COLOUR = "#90caf9"
REFERENCE_COLOUR = "#2e7d32"
WORDS_LINES = 5  # of the estimate in words shown at once; the rest scrolls
LINE_CONTRAST = 3.0  # WCAG's least for the parts of a graphic; the legend's words get 4.5
CURVE_POINTS = 60
LOG_TICK_TOP = 10**9


def tr(text: str) -> str:
    return QCoreApplication.translate("ComplexityPlot", text)


def operations_plot(minimum_height: int) -> pg.PlotWidget:
    """An empty plot of counted operations against input size, with its grid and axes' titles."""
    plot = pg.PlotWidget()
    plot.setMinimumHeight(minimum_height)
    item = plot.getPlotItem()
    item.showGrid(x=True, y=True, alpha=0.15)
    # Wide enough for "1,000,000" beside the axis's title: pyqtgraph sizes it on the first ticks only.
    item.getAxis("left").setWidth(72)
    item.setLabel("bottom", "input size n")
    item.setLabel("left", "operations")  # line events: a longer title is cut on a short plot
    return plot


class ComplexityPlot(QWidget):
    """The measured growth of one analysis. ``set_result`` takes an ``analyze_code_patterns`` result."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.words = QLabel(tr("No analysis yet."))
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.RichText)
        self.logarithmic = QCheckBox(tr("Logarithmic axes"))
        self.logarithmic.setToolTip(tr("On logarithmic axes each class is a straight line: the steeper, the slower"))
        self.plot = operations_plot(110)  # the panel tabs can be short enough to leave the statement room
        self.legend = self.plot.getPlotItem().addLegend(offset=(10, 10))
        self.fit = self.plot.plot([], [], antialias=True, name="fitted class")
        self.learner = self.plot.plot([], [], pen=None, symbol="o", symbolSize=7, symbolPen=None, antialias=True,
                                      name="your code")  # fmt: skip
        self.reference = self.plot.plot([], [], symbol="t", symbolSize=7, symbolPen=None, antialias=True,
                                        name="reference solution")  # fmt: skip
        self._coloured = ""
        self._colour()
        self.logarithmic.toggled.connect(self._set_logarithmic)
        # The words take the picture's whole width and at most a few lines of its height, and
        # scroll past them: a short panel keeps the curves, a narrow one cuts no sentence.
        self.words_box = QScrollArea(widgetResizable=True, frameShape=QFrame.Shape.NoFrame)
        self.words_box.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.words_box.setWidget(self.words)
        self.words_box.setMaximumHeight(self.fontMetrics().lineSpacing() * WORDS_LINES + 4)
        self.words_box.viewport().setAutoFillBackground(False)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.logarithmic)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.words_box)
        layout.addWidget(self.plot, 1)
        layout.addLayout(bottom)

    def _colour(self) -> None:
        """The picture in the theme's colours: its background and words from the palette, each
        series' hue moved to stand out from that background. Again when the theme changes."""
        palette = QGuiApplication.palette()
        behind, text = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
        if behind.name() == self._coloured:
            return
        self._coloured = behind.name()
        words = readable(text, behind)
        self.plot.setBackground(behind)
        item = self.plot.getPlotItem()
        for side in ("left", "bottom"):
            item.getAxis(side).setTextPen(words)
            item.getAxis(side).setPen(words)
        colour_legend(self.legend)
        fit, learner, reference = (readable(c, behind, LINE_CONTRAST) for c in (FIT_COLOUR, LEARNER_COLOUR,
                                                                                 REFERENCE_COLOUR))  # fmt: skip
        self.fit.setPen(pg.mkPen(fit, width=2))
        self.learner.setSymbolBrush(learner)
        self.reference.setPen(pg.mkPen(reference, width=1.5))
        self.reference.setSymbolBrush(reference)

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "_coloured"):
            self._colour()
        return super().event(event)

    def set_result(self, result: dict[str, Any]) -> None:
        """Show the measurement of ``result`` (an empty picture, with why, when there is none)."""
        complexity = result.get("complexity_analysis") or {}
        measured = (complexity.get("evidence") or {}).get("measured") or {}
        fit = measured.get("fit") or {}
        sizes = [float(n) for n in fit.get("sizes") or []]
        counts = [float(c) for c in fit.get("counts") or []]
        self.words.setText(describe(complexity))
        why = (complexity.get("evidence") or {}).get("time") or []
        self.words.setToolTip(tooltip("\n".join(str(line) for line in why)) if why else "")
        timed = measured.get("counted") == "time"
        self.plot.getPlotItem().setLabel("left", "time (ms)" if timed else "operations")
        self.learner.setData(sizes, counts)
        if sizes and fit.get("class"):
            top = max(sizes)
            smooth = [min(sizes) + (top - min(sizes)) * i / (CURVE_POINTS - 1) for i in range(CURVE_POINTS)]
            self.fit.setData(smooth, fitted_curve(fit, smooth))
            self._rename(self.fit, f"fitted: O({fit['class']})")
        else:
            self.fit.setData([], [])
            self._rename(self.fit, "fitted class")
        # No measurement (none yet, or another problem's was forgotten): the words say why, and no
        # empty axes keep the last picture's range and legend.
        self.plot.setVisible(bool(sizes))
        self.logarithmic.setVisible(bool(sizes))
        reference = measured.get("reference") or {}
        # The reference is counted, never timed: beside a timed run its counts are another unit.
        if reference.get("sizes") and not timed:
            self.reference.setData([float(n) for n in reference["sizes"]], [float(c) for c in reference["counts"]])
        else:
            self.reference.setData([], [])
        self.plot.getPlotItem().enableAutoRange()

    def _set_logarithmic(self, on: bool) -> None:
        item = self.plot.getPlotItem()
        item.setLogMode(x=on, y=on)
        # pyqtgraph labels every minor tick of a log axis, and they run into each other: 1-2-5 steps.
        for side in ("bottom", "left"):
            item.getAxis(side).setTicks([log_ticks(LOG_TICK_TOP)] if on else None)

    def _rename(self, item: pg.PlotDataItem, name: str) -> None:
        for sample, label in self.legend.items:
            if sample.item is item:
                label.setText(name)

    @property
    def series(self) -> dict[str, tuple[list[float], list[float]]]:
        """What is drawn, by series (for tests and screenshots)."""

        def data(item: pg.PlotDataItem) -> tuple[list[float], list[float]]:
            xs, ys = item.getData()
            return ([] if xs is None else [float(x) for x in xs], [] if ys is None else [float(y) for y in ys])

        return {"learner": data(self.learner), "fit": data(self.fit), "reference": data(self.reference)}


def log_ticks(top: float) -> list[tuple[float, str]]:
    """Ticks at 1, 2, 5, 10, 20, 50, ... up to ``top``, placed on a log10 axis."""
    ticks = []
    decade = 1
    while decade <= top:
        for step in (1, 2, 5):
            value = step * decade
            ticks.append((math.log10(value), f"{value:,}" if value < 1_000_000 else f"{value:.0e}"))
        decade *= 10
    return ticks


def describe(complexity: dict[str, Any]) -> str:
    """The estimate in words: what the structure says, what is possible, what was measured."""
    if not complexity:
        return "No analysis yet."
    evidence = complexity.get("evidence") or {}
    parts = [
        f"Read from its structure, your code takes <b>{escaped(complexity.get('time_complexity') or '?')}</b> "
        f"time and {escaped(complexity.get('space_complexity') or '?')} extra space."
    ]
    if complexity.get("optimal_time"):
        parts.append(f"The best known solution takes {escaped(complexity['optimal_time'])}.")
    measured = evidence.get("measured") or {}
    if measured.get("class"):
        unit = "operations" if measured.get("counted") == "line events" else "running time (lower confidence)"
        parts.append(
            f"Measured {unit}: <b>{escaped(measured['class'])}</b>, {escaped(measured.get('agreement') or '')}."
        )
        if measured.get("built_ins"):
            parts.append(escaped(measured["built_ins"][:1].upper() + measured["built_ins"][1:]) + ".")
    elif measured.get("reason"):
        parts.append(f"Not measured: {escaped(measured['reason'])}.")
    return " ".join(parts)
