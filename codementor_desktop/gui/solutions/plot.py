"""The operation counts of the learner's code and of the reference against the input size: two
curves on one ladder of the problem's worst-case inputs, so the learner sees whose work grows
faster, not only a class's name."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ...tools.solutions import OperationCounts
from ..analysis.complexity_plot import operations_plot
from ..contrast import THEME_EVENTS, colour_legend, readable

# As on white; each is moved to read on the theme's background (``_colour``).
LEARNER_COLOUR = "#1565c0"
REFERENCE_COLOUR = "#2e7d32"
LINE_CONTRAST = 3.0  # WCAG's least for the parts of a graphic


def tr(text: str) -> str:
    return QCoreApplication.translate("SolutionCounts", text)


class CountsPlot(QWidget):
    """Line events at each size: the learner's code (circles) and the reference (triangles)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.words = QLabel(tr("The counts appear here once both codes have run."))
        self.words.setWordWrap(True)
        self.words.setTextFormat(Qt.TextFormat.PlainText)
        self.plot = operations_plot(160)
        self.legend = self.plot.getPlotItem().addLegend(offset=(10, 10))
        self.learner = self.plot.plot([], [], symbol="o", symbolSize=7, symbolPen=None, antialias=True,
                                      name="your code")  # fmt: skip
        self.reference = self.plot.plot([], [], symbol="t", symbolSize=7, symbolPen=None, antialias=True,
                                        name="reference solution")  # fmt: skip
        self.logarithmic = QCheckBox(tr("Logarithmic axes"))
        self.logarithmic.setToolTip(tr("On logarithmic axes each class is a straight line: the steeper, the slower"))
        self.logarithmic.toggled.connect(lambda on: self.plot.getPlotItem().setLogMode(x=on, y=on))
        self._coloured = ""
        self._colour()
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.logarithmic)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.words)
        layout.addWidget(self.plot, 1)
        layout.addLayout(bottom)

    def curves(self) -> list[pg.PlotDataItem]:
        """The curves that have points (the tests count them)."""
        return [c for c in (self.learner, self.reference) if c.xData is not None and len(c.xData) > 0]

    def _colour(self) -> None:
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
        learner, reference = (readable(c, behind, LINE_CONTRAST) for c in (LEARNER_COLOUR, REFERENCE_COLOUR))
        self.learner.setPen(pg.mkPen(learner, width=2))
        self.learner.setSymbolBrush(learner)
        self.reference.setPen(pg.mkPen(reference, width=2, style=Qt.PenStyle.DashLine))
        self.reference.setSymbolBrush(reference)

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "_coloured"):
            self._colour()
        return super().event(event)

    def clear(self, words: str = "") -> None:
        self.learner.setData([], [])
        self.reference.setData([], [])
        self.words.setText(words)

    def set_counts(self, counts: OperationCounts) -> None:
        """Both codes' counts, each at the sizes it was measured at (one ladder), and in words."""
        self.learner.setData(counts.learner.sizes, counts.learner.counts)
        self.reference.setData(counts.reference.sizes, counts.reference.counts)
        self.words.setText(counts_in_words(counts))


def counts_in_words(counts: OperationCounts) -> str:
    """What the curves say: at the largest size both reached, how many times more work one did,
    and where the learner's stopped when the reference went further."""
    sizes, mine, theirs = counts.at_shared_sizes()
    if not sizes:
        why = counts.learner.stopped or counts.reference.stopped
        return tr("The two codes could not be counted on the same inputs: %s.") % why
    top, a, b = sizes[-1], mine[-1], theirs[-1]
    if a > b:
        ratio = tr("your code did %.1f× the reference's work") % (a / max(b, 1))
    elif b > a:
        ratio = tr("the reference did %.1f× your code's work") % (b / max(a, 1))
    else:
        ratio = tr("both did the same work")
    said = tr("At n = %s, %s (%s against %s operations).") % (f"{top:,}", ratio, f"{a:,}", f"{b:,}")
    if counts.reference.sizes and counts.reference.sizes[-1] > top:
        said += " " + tr("Your code stopped at n = %s: %s.") % (f"{top:,}", counts.learner.stopped)
    return f"{said} {counts.note}"
