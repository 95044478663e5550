"""The Flow tab: the lines that ran, in the order of the code, one function under the other; arcs
in the left gutter show where control went next (thicker: more often; blue: back to a loop's
header; purple, dashed: into a call), and the arc the current step just took is lit in orange.
"Show Mermaid" gives the same run as a Mermaid flowchart (basic blocks) and call sequence."""

from __future__ import annotations

import math
from html import escape

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QPainterPath, QPalette
from PySide6.QtWidgets import QGraphicsPathItem, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..contrast import THEME_EVENTS, readable
from .line_flow import LineFlow, LineKey
from .scene_kit import TextPool, font

LIT = "#ef6c00"
NODE_RIM = "#90a4ae"
KIND_COLOURS = {"next": "#78909c", "loop": "#1565c0", "call": "#8e24aa"}
HEAT = ((255, 255, 255), (255, 224, 130))
HEADER_INK, COUNT_INK = "#37474f", "#455a64"  # as on white: moved to read on the theme (``_colour_words``)
ROWS_SHOWN = 22
TEXT_LIMIT = 44


def tr(text: str) -> str:
    return QCoreApplication.translate("FlowView", text)


class FlowView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("flowView")
        self.flow = LineFlow()
        self.source_lines: list[str] = []
        self._version = -1
        self._counts_at = -1
        self.rows: dict[LineKey, int] = {}
        self.nodes: dict[LineKey, pg.TextItem] = {}
        self.arcs: list[QGraphicsPathItem] = []
        self._node_items: list[pg.TextItem] = []  # made once, reused by every trace
        self._arc_items: list[QGraphicsPathItem] = []
        self._lit_edge: int | None = None
        self._lit_node: LineKey | None = None
        self.note = QLabel(tr("Trace your code to see which lines ran and where control went."), objectName="flowNote")
        self.note.setWordWrap(True)
        self.mermaid_button = QPushButton(tr("Show Mermaid"), objectName="showMermaid")
        top = QHBoxLayout()
        top.addWidget(self.note, 1)
        top.addWidget(self.mermaid_button)
        self.plot = pg.PlotWidget(background="w", enableMenu=False)  # no menus built: none is offered
        self.plot.setObjectName("flowPlot")
        item = self.plot.getPlotItem()
        item.hideAxis("left")
        item.hideAxis("bottom")
        item.setMenuEnabled(False)
        item.hideButtons()
        item.getViewBox().invertY(True)
        item.getViewBox().setMouseEnabled(x=False, y=True)
        self.heads = pg.ScatterPlotItem(pxMode=True, symbol="t2", size=9)
        self.heads.setZValue(8)
        item.addItem(self.heads)
        self.headers = TextPool(item, anchor=(0, 0.5), size=10, bold=True, color=HEADER_INK)
        self.counts = TextPool(item, anchor=(1, 0.5), size=9, color=COUNT_INK)
        self._colour_words()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.plot, 1)

    def _colour_words(self) -> None:
        """The function headers and counts, drawn on the plot's background, read on the theme's."""
        behind = QGuiApplication.palette().color(QPalette.ColorRole.Base)
        colours = (readable(HEADER_INK, behind).name(), readable(COUNT_INK, behind).name())
        if colours != (self.headers.color, self.counts.color):
            self.headers.color, self.counts.color = colours
            if self.nodes:
                self._rebuild()

    def event(self, event: QEvent) -> bool:
        if event.type() in THEME_EVENTS and hasattr(self, "counts"):
            self._colour_words()
        return super().event(event)

    def reset(self, flow: LineFlow, source: str) -> None:
        self.flow = flow
        self.source_lines = source.splitlines()
        self._version = -1
        self._counts_at = -1
        self._lit_edge = None
        self._lit_node = None
        self._rebuild()

    # -- drawing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw when lines or edges appeared; update the counts when only they changed."""
        if self.flow.version != self._version:
            self._rebuild()
        elif self.flow.fed != self._counts_at:
            self._update_counts()

    def _rebuild(self) -> None:
        """Lay the lines and arcs out again; their items are kept and reused, never destroyed."""
        self._version = self.flow.version
        item = self.plot.getPlotItem()
        self.nodes.clear()
        self.arcs.clear()
        self.rows.clear()
        headers = []
        row = 0
        current = None
        for key in self.flow.nodes():
            if key[0] != current:
                current = key[0]
                headers.append((0.0, float(row), "module code" if current == "<module>" else f"def {current}"))
                row += 1
            self.rows[key] = row
            node = self._node_item(len(self.nodes))
            node.setPos(0.0, float(row))
            node.border = pg.mkPen(NODE_RIM)
            node.setVisible(True)
            self.nodes[key] = node
            row += 1
        for spare in self._node_items[len(self.nodes) :]:
            spare.setVisible(False)
        self.headers.update(headers)
        for index, edge in enumerate(self.flow.edges):
            if index == len(self._arc_items):
                arc = QGraphicsPathItem()
                arc.setZValue(5)
                item.addItem(arc)
                self._arc_items.append(arc)
            arc = self._arc_items[index]
            arc.setPath(self._arc(self.rows[edge.source], self.rows[edge.target], edge.kind))
            arc.setVisible(True)
            self.arcs.append(arc)
        for spare in self._arc_items[len(self.arcs) :]:
            spare.setVisible(False)
        ends = [(-0.1, float(self.rows[edge.target])) for edge in self.flow.edges]
        points = np.asarray(ends, dtype=float).reshape(-1, 2)
        self.heads.setData(x=points[:, 0], y=points[:, 1], brush=pg.mkBrush("#546e7a"), pen=None)
        self._update_counts()
        gutter = max((self._bulge(self.rows[e.source], self.rows[e.target], e.kind) for e in self.flow.edges),
                     default=1.0) + 0.6  # fmt: skip
        view = item.getViewBox()
        view.setLimits(xMin=-gutter - 1, xMax=gutter * 3, yMin=-2, yMax=row + 2)
        view.setRange(xRange=(-gutter, gutter * 2.2), yRange=(-0.7, min(row, ROWS_SHOWN) - 0.3), padding=0)
        self._lit_edge = None
        self._lit_node = None

    def _node_item(self, index: int) -> pg.TextItem:
        while len(self._node_items) <= index:
            node = pg.TextItem(anchor=(0, 0.5), border=pg.mkPen(NODE_RIM), fill=pg.mkBrush("#ffffff"))
            node.setFont(font(10))
            node.setZValue(10)
            node.setVisible(False)
            self.plot.getPlotItem().addItem(node)
            self._node_items.append(node)
        return self._node_items[index]

    def prepare(self, lines: int = 24) -> None:
        """Make the items of a ``lines``-line flow ahead (while the window is idle): its lines, the
        counts of about as many arcs, and a function header for every few lines."""
        self._node_item(lines - 1)
        self.counts.reserve(lines)
        self.headers.reserve(max(1, lines // 6))

    @staticmethod
    def _bulge(a: int, b: int, kind: str) -> float:
        return 0.45 + 0.32 * abs(b - a) ** 0.85 + {"loop": 0.35, "call": 1.0}.get(kind, 0.0)

    def _arc(self, a: int, b: int, kind: str) -> QPainterPath:
        bulge = self._bulge(a, b, kind)
        path = QPainterPath(QPointF(-0.05, a))
        path.cubicTo(QPointF(-bulge, a), QPointF(-bulge, b), QPointF(-0.12, b))
        return path

    def _update_counts(self) -> None:
        self._counts_at = self.flow.fed
        busiest = max(self.flow.counts.values(), default=1)
        for key, node in self.nodes.items():
            count = self.flow.counts.get(key, 0)
            node.setHtml(self._node_html(key, count))
            share = math.log1p(count) / math.log1p(busiest) if busiest else 0.0
            rgb = [int(a + (b - a) * share) for a, b in zip(*HEAT, strict=True)]
            node.fill = pg.mkBrush(*rgb)
            node.update()
        widest = max((e.count for e in self.flow.edges), default=1)
        labels = []
        for edge, arc in zip(self.flow.edges, self.arcs, strict=True):
            arc.setPen(self._pen(edge.kind, edge.count, widest))
            if len(self.flow.edges) <= 40:
                a, b = self.rows[edge.source], self.rows[edge.target]
                # Just left of the arc's outermost point (three quarters of its bulge, for this curve).
                text = f"call ×{edge.count:,}" if edge.kind == "call" else f"×{edge.count:,}"
                labels.append((-0.75 * self._bulge(a, b, edge.kind) - 0.06, (a + b) / 2, text))
        self.counts.update(labels)
        total = sum(self.flow.counts.values())
        loops = sum(1 for e in self.flow.edges if e.kind == "loop")
        self.note.setText(
            tr(
                "%s lines ran %s times in %s function(s); %s loop arc(s). "
                "Thicker arcs ran more often; the orange arc is the current step's."
            )
            % (len(self.nodes), format(total, ","), len(self.flow.functions), loops)
        )

    def _node_html(self, key: LineKey, count: int) -> str:
        line = key[1]
        text = self.source_lines[line - 1].strip() if 1 <= line <= len(self.source_lines) else ""
        text = text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"
        return (f"<span style='color:#78909c'>{line:>3}</span>&nbsp;&nbsp;<span style='color:#263238'>"
                f"{escape(text).replace(' ', '&nbsp;')}</span>&nbsp;&nbsp;<b style='color:#5d4037'>×{count:,}</b>")  # fmt: skip

    @staticmethod
    def _pen(kind: str, count: int, widest: int, lit: bool = False):
        width = 1.2 + 3.0 * math.log1p(count) / math.log1p(max(widest, 1))
        if lit:
            return pg.mkPen(LIT, width=width + 2.5)
        style = Qt.PenStyle.DashLine if kind == "call" else Qt.PenStyle.SolidLine
        return pg.mkPen(KIND_COLOURS[kind], width=width, style=style)

    # -- the step cursor --------------------------------------------------------------------------

    def set_step(self, index: int, key: LineKey | None) -> None:
        """Light the arc step ``index`` took and the line it is on (``key``)."""
        widest = max((e.count for e in self.flow.edges), default=1)
        edge = self.flow.edge_at(index)
        if self._lit_edge is not None and self._lit_edge < len(self.arcs):
            old = self.flow.edges[self._lit_edge]
            self.arcs[self._lit_edge].setPen(self._pen(old.kind, old.count, widest))
            self.arcs[self._lit_edge].setZValue(5)
        if edge is not None and edge < len(self.arcs):
            self.arcs[edge].setPen(self._pen("next", self.flow.edges[edge].count, widest, lit=True))
            self.arcs[edge].setZValue(6)
        self._lit_edge = edge if edge is not None and edge < len(self.arcs) else None
        if self._lit_node in self.nodes:
            self.nodes[self._lit_node].border = pg.mkPen(NODE_RIM)
            self.nodes[self._lit_node].update()
        self._lit_node = key if key in self.nodes else None
        if self._lit_node is not None:
            node = self.nodes[self._lit_node]
            node.border = pg.mkPen(LIT, width=2.5)
            node.update()
            self._scroll_to(self.rows[self._lit_node])

    def _scroll_to(self, row: int) -> None:
        view = self.plot.getPlotItem().getViewBox()
        (_, _), (top, bottom) = view.viewRange()
        if not top + 0.5 <= row <= bottom - 0.5:
            height = bottom - top
            start = max(-0.7, row - height / 2)
            view.setYRange(start, start + height, padding=0)

    def lit_edge(self) -> tuple[LineKey, LineKey, str] | None:
        """The arc lit now, as (from line, to line, kind) (for tests)."""
        if self._lit_edge is None:
            return None
        edge = self.flow.edges[self._lit_edge]
        return edge.source, edge.target, edge.kind
