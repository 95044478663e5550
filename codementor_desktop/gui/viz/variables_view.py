"""The Variables tab: ``bp_variable_history`` as a picture. Numeric variables are lines over the
steps, with a cursor at the current step that can be dragged to move it; the other variables are
a table of their changes (a click on a row goes to that step)."""

from __future__ import annotations

import time
from bisect import bisect_right

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QSplitter,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from ..contrast import THEME_EVENTS, colour_legend
from .cursor import StepCursor
from .variable_log import Series, VariableLog

PALETTE = ["#1565c0", "#d84315", "#2e7d32", "#6a1b9a", "#00838f", "#ef6c00", "#ad1457", "#4e342e", "#283593",
           "#558b2f"]  # fmt: skip
COLUMNS = ("Step", "Line", "Variable", "Value")
SLICE_SECONDS = 0.008
ModelIndex = QModelIndex | QPersistentModelIndex


def tr(text: str) -> str:
    return QCoreApplication.translate("VariablesView", text)


NOTHING_YET = tr("Trace your code to see how its variables change.")


class ChangesModel(QAbstractTableModel):
    """The changes of non-numeric variables, one row each, read straight from the log."""

    def __init__(self, log: VariableLog):
        super().__init__()
        self.log = log
        self.shown = 0

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt's name
        return 0 if parent.isValid() else self.shown

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt's name
        return 0 if parent.isValid() else len(COLUMNS)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole) or not index.isValid():
            return None
        change = self.log.changes[index.row()]
        return (str(change.step + 1), str(change.line), change.name, change.text)[index.column()]

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def catch_up(self) -> None:
        """Show the rows the log gained since the last call."""
        total = len(self.log.changes)
        if total > self.shown:
            self.beginInsertRows(QModelIndex(), self.shown, total - 1)
            self.shown = total
            self.endInsertRows()

    def row_at(self, step: int) -> int | None:
        """The last change at or before ``step``."""
        row = min(bisect_right(self.log.change_steps, step), self.shown) - 1
        return row if row >= 0 else None


def step_shape(series: Series, count: int) -> tuple[np.ndarray, np.ndarray]:
    """A series drawn as steps: each value holds until the next change (steps counted from 1)."""
    xs = np.frombuffer(series.steps, dtype=float) + 1
    ys = np.frombuffer(series.values, dtype=float)
    if not len(xs):
        return xs, ys
    end = max(float(count), float(xs[-1]))
    xs = np.append(np.repeat(xs, 2)[1:], end)
    ys = np.repeat(ys, 2)
    return xs, ys


class VariablesView(QWidget):
    def __init__(self, cursor: StepCursor, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("variablesView")
        self.step_cursor = cursor
        self.log = VariableLog()
        self._version = -1
        self._count = 0
        self.curves: dict[str, pg.PlotDataItem] = {}
        self._dirty: list[str] = []
        self._more = QTimer(self)
        self._more.setSingleShot(True)
        self._more.setInterval(0)
        self._more.timeout.connect(self._redraw_some)
        self.note = QLabel(tr("Numbers over the steps; drag the orange line to move through the trace."))
        self.plot = pg.PlotWidget(background="w", enableMenu=False)  # no menus built: none is offered
        self.plot.setObjectName("variablesPlot")
        item = self.plot.getPlotItem()
        item.setLabel("bottom", "step")
        item.setMenuEnabled(False)
        item.setClipToView(True)
        self.legend = item.addLegend(offset=(10, 5))
        colour_legend(self.legend)  # the theme's words: a fixed dark grey vanished on dark
        self.line = pg.InfiniteLine(pos=0, angle=90, movable=True, pen=pg.mkPen("#ef6c00", width=2),
                                    hoverPen=pg.mkPen("#ff9800", width=4))  # fmt: skip
        self.line.setZValue(30)
        item.addItem(self.line)
        self.line.sigDragged.connect(self._dragged)
        self.changes = ChangesModel(self.log)
        self.table = QTableView(objectName="variablesChanges")
        self.table.setModel(self.changes)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)  # sized to contents: slow on 100,000 rows
        header.setStretchLastSection(True)
        for column, characters in enumerate((7, 5, 12)):
            header.resizeSection(column, self.fontMetrics().horizontalAdvance("0" * characters) + 12)
        self.table.clicked.connect(self._row_clicked)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.plot)
        split.addWidget(self.table)
        split.setSizes([260, 140])
        content = self._content = QWidget()
        inner = QVBoxLayout(content)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.note)
        inner.addWidget(split, 1)
        # With nothing traced, a sentence rather than empty axes (pyqtgraph's -400 to 400).
        self.empty = QLabel(NOTHING_YET, objectName="variablesEmpty")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.pages = QStackedWidget()
        self.pages.addWidget(self.empty)
        self.pages.addWidget(content)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.pages, 1)

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "legend"):
            colour_legend(self.legend)
        return super().event(event)

    def reset(self, log: VariableLog) -> None:
        self.log = log
        self._version = -1
        for curve in self.curves.values():
            self.plot.getPlotItem().removeItem(curve)
            self.legend.removeItem(curve)
        self.curves.clear()
        self._dirty = []
        self._more.stop()
        self.changes = ChangesModel(log)
        self.table.setModel(self.changes)
        self.empty.setText(NOTHING_YET)
        self.pages.setCurrentWidget(self.empty)

    @property
    def empty_shown(self) -> bool:
        """True while the tab says there is nothing to draw yet."""
        return self.pages.currentWidget() is self.empty

    def refresh(self, count: int) -> None:
        """Redraw the series if the log grew (``count``: the steps there are).

        Series are redrawn from the next turn of the event loop on, a few at a time.
        """
        if self.log.version == self._version and count == self._count:
            return
        self._version, self._count = self.log.version, count
        if self.log.series or self.log.changes:
            self.pages.setCurrentWidget(self._content)
        elif count:
            self.empty.setText(tr("No variable has changed in this trace yet."))
        self._dirty = list(self.log.series)
        self._show_counts()
        self._more.start()  # on a turn of its own: the tab (its first time, its axes) paints first

    def _redraw_some(self) -> None:
        deadline = time.perf_counter() + SLICE_SECONDS
        names = list(self.log.series)
        while self._dirty and time.perf_counter() < deadline:
            name = self._dirty.pop(0)
            self._redraw_series(names.index(name), self.log.series[name], self._count)
        if self._dirty:
            self._more.start()

    def _redraw_series(self, index: int, series: Series, count: int) -> None:
        name = series.name
        curve = self.curves.get(name)
        colour = PALETTE[index % len(PALETTE)]
        if curve is None:
            curve = self.plot.plot(name=name, pen=pg.mkPen(colour, width=2))
            curve.setDownsampling(auto=True, method="peak")
            self.curves[name] = curve
        xs, ys = step_shape(series, count)
        # A wide pen costs Qt tens of milliseconds a paint on a long series: a thin line there.
        curve.setPen(pg.mkPen(colour, width=1 if len(xs) > 600 else 2))
        curve.setData(xs, ys)

    def _show_counts(self) -> None:
        self.changes.catch_up()
        self.note.setText(
            tr(
                "%s numeric variable(s) plotted · %s other change(s) below"
                " · drag the orange line to move through the trace"
            )
            % (len(self.log.series), format(len(self.log.changes), ","))
        )

    def set_step(self, index: int) -> None:
        self.line.blockSignals(True)
        self.line.setValue(index + 1)
        self.line.blockSignals(False)
        row = self.changes.row_at(index)
        if row is not None:
            self.table.selectRow(row)
            self.table.scrollTo(self.changes.index(row, 0))

    @property
    def busy(self) -> bool:
        """True while series are still being redrawn."""
        return bool(self._dirty)

    def _dragged(self, line: pg.InfiniteLine) -> None:
        self.step_cursor.move(int(round(line.value())) - 1)

    def _row_clicked(self, index: QModelIndex) -> None:
        self.step_cursor.move(self.log.changes[index.row()].step)
