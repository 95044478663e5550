"""Trees and graphs: nodes placed by ``visual.layout`` (networkx), edges as one set of segments,
changed nodes filled, variables that point at a node named beside it."""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath, QTransform

from ...visual.model import Graph, Tree
from .scene_kit import ACCENT, CHANGED, INK, MUTED, Scene, bounds, segments, set_pairs
from .structure_model import ALL, Drawing

LABEL_LIMIT = 127  # above this many nodes, values show on hover only
FEW_RECOLOURED = 32  # at most this many nodes changed colour: recoloured one by one
NODE_FILL = "#e3f2fd"
LEVEL = 1.6


EDGE_INK = "#546e7a"


@lru_cache(maxsize=128)
def _turned(degrees: int) -> QPainterPath:
    path = QPainterPath()
    path.moveTo(0.5, 0.0)
    path.lineTo(-0.5, -0.4)
    path.lineTo(-0.25, 0.0)
    path.lineTo(-0.5, 0.4)
    path.closeSubpath()
    return QTransform().rotate(degrees).map(path)


def arrowhead(degrees: float) -> QPainterPath:
    """A marker pointing along ``degrees`` on screen (y down), in 5-degree steps (cached)."""
    return _turned(int(round(degrees / 5.0)) * 5 % 360)


def node_size(count: int) -> int:
    if count <= 31:
        return 34
    if count <= LABEL_LIMIT:
        return 24
    return 9


class NodesScene(Scene):
    aspect_locked = False

    def build(self) -> None:
        self.edges = self.add(segments())
        self.heads = self.add(pg.ScatterPlotItem(pxMode=True, size=11, pen=None, brush=pg.mkBrush(EDGE_INK)))
        self.heads.setZValue(6)
        self.nodes = self.add(pg.ScatterPlotItem(pxMode=True, hoverable=True, tip=self._tip))
        self.nodes.setZValue(10)
        self.labels = self.pool(size=10)
        self.names = self.pool(anchor=(0, 1), size=10, bold=True, color=ACCENT)
        self.weights = self.pool(size=8, color=MUTED)
        self.marks = self.pool(anchor=(0.5, 0), size=9, color=MUTED)
        self.fills = (pg.mkBrush(NODE_FILL), pg.mkBrush(CHANGED))
        self.rims = (pg.mkPen(INK, width=1.2), pg.mkPen(ACCENT, width=3))
        self._drawn: object = None  # the model drawn last: the same one is only recoloured
        self._colours: tuple | None = None
        self._flags: list[tuple[bool, bool]] | None = None  # each node's (filled, pointed at), as drawn
        self._where: dict = {}

    @staticmethod
    def _tip(x: float, y: float, data) -> str:
        return str(data)

    def draw(self, drawing: Drawing) -> QRectF:
        model = drawing.model
        if isinstance(model, Tree):
            return self._tree(model, drawing)
        assert isinstance(model, Graph)
        return self._graph(model, drawing)

    def _place(self, positions: dict, count: int) -> dict:
        if not positions:
            return {}
        xs = sorted({p[0] for p in positions.values()})
        ys = sorted({p[1] for p in positions.values()})
        step_x = min((b - a for a, b in zip(xs, xs[1:], strict=False)), default=1.0) or 1.0
        step_y = min((b - a for a, b in zip(ys, ys[1:], strict=False)), default=1.0) or 1.0
        return {node: (x / step_x, y / step_y * LEVEL) for node, (x, y) in positions.items()}

    def _nodes(self, order: list, where: dict, labels: dict, drawing: Drawing, changed: set, same: bool) -> None:
        """Place the nodes (unless the model is the one drawn last) and colour them."""
        count = len(order)
        if not same:
            points = np.asarray([where[n] for n in order], dtype=float).reshape(-1, 2)
            self.nodes.setData(x=points[:, 0], y=points[:, 1], size=node_size(count),
                               data=[labels[n] for n in order])  # fmt: skip
            show_labels = count <= LABEL_LIMIT
            self.labels.set_visible(show_labels)
            self.labels.update([(*where[n], labels[n]) for n in order] if show_labels else [])
            self._colours = None
        colours = (frozenset(changed), frozenset(drawing.node_names))
        if colours != self._colours:
            self._colours = colours
            flags = [(n in changed, n in drawing.node_names) for n in order]
            before = self._flags if same else None
            differ = [] if before is None else [i for i, flag in enumerate(flags) if flag != before[i]]
            if before is not None and len(differ) <= FEW_RECOLOURED:
                # A step moves a pointer or fills a node or two: recolour those, not a thousand
                # (pyqtgraph rebuilds every pen and brush of a list: 20 ms on a 1,000-node tree).
                spots = self.nodes.points()
                for i in differ:
                    spots[i].setBrush(self.fills[flags[i][0]])
                    spots[i].setPen(self.rims[flags[i][1]])
            else:
                self.nodes.setBrush([self.fills[fill] for fill, _ in flags], update=False)
                self.nodes.setPen([self.rims[rim] for _, rim in flags])
            self._flags = flags
        self.names.update([(where[n][0] + 0.25, where[n][1] - 0.3, ", ".join(names))
                           for n, names in drawing.node_names.items() if n in where])  # fmt: skip

    def _tree(self, model: Tree, drawing: Drawing) -> QRectF:
        self.heads.setData(x=[], y=[])
        same = model is self._drawn
        self._drawn = model
        if not same:
            self._where = self._place(model.positions, len(model.labels))
        where = self._where
        order = [n for n in model.labels if n in where]
        changed = set(order) if ALL in drawing.changed else drawing.changed
        if not same:
            pairs: list[tuple[float, float]] = []
            for parent, kids in model.children.items():
                for kid in kids:
                    if kid is not None and parent in where and kid in where:
                        pairs += [where[parent], where[kid]]
            set_pairs(self.edges, pairs)
            self.weights.update([])
            self.marks.update([(where[n][0], where[n][1] + 0.35, "…") for n in model.cut if n in where])
        self._nodes(order, where, model.labels, drawing, changed, same)
        return self._extent(where)

    def _graph(self, model: Graph, drawing: Drawing) -> QRectF:
        same = model is self._drawn
        self._drawn = model
        spread = max(4.0, len(model.nodes) ** 0.5 * 2.5)
        where = {n: (x * spread, y * spread) for n, (x, y) in model.positions.items()}
        changed = set(model.nodes) if ALL in drawing.changed else {n for n in model.nodes if n in drawing.changed}
        pairs: list[tuple[float, float]] = []
        weights = []
        heads: list[tuple[float, float, float]] = []
        for a, b, weight in model.edges:
            if a not in where or b not in where:
                continue
            (x1, y1), (x2, y2) = where[a], where[b]
            pairs += [(x1, y1), (x2, y2)]
            if model.directed:  # an arrowhead along the edge, nearer its target: clear of both nodes
                heads.append((x1 + (x2 - x1) * 0.62, y1 + (y2 - y1) * 0.62, math.degrees(math.atan2(y2 - y1, x2 - x1))))
            if weight is not None and len(model.edges) <= 60:
                weights.append(((x1 + x2) / 2, (y1 + y2) / 2, weight))
        set_pairs(self.edges, pairs)
        if heads:
            self.heads.setData(
                x=[h[0] for h in heads], y=[h[1] for h in heads], symbol=[arrowhead(h[2]) for h in heads]
            )
        else:
            self.heads.setData(x=[], y=[])
        self._nodes(list(model.nodes), where, {n: n for n in model.nodes}, drawing, changed, same)
        self.weights.update(weights)
        self.marks.update([])
        return self._extent(where)

    @staticmethod
    def _extent(where: dict) -> QRectF:
        if not where:
            return bounds(0, 0, 1, 1)
        points = np.asarray(list(where.values()), dtype=float)
        (left, top), (right, bottom) = points.min(axis=0), points.max(axis=0)
        pad_x = max(0.8, (right - left) * 0.05)
        return bounds(left - pad_x, top - 0.9, right + pad_x, bottom + 0.9)

    def labels_shown(self) -> list[str]:
        return self.labels.texts()
