"""Grids as heatmaps: numbers shaded from white to blue, other values by category, the cells this
step changed outlined, row and column numbers along the edges."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from ...visual.model import Matrix
from .scene_kit import CHANGED, MUTED, Scene, bounds
from .structure_model import ALL, Drawing

LOW = np.array([255, 255, 255, 255], dtype=float)
HIGH = np.array([100, 181, 246, 255], dtype=float)
CATEGORIES = [(255, 255, 255), (200, 230, 201), (255, 224, 178), (225, 190, 231), (178, 235, 242), (255, 205, 210)]
GAP = (236, 239, 241)
LABEL_LIMIT = 400


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def colours(cells: list[list[str]]) -> np.ndarray:
    """An RGBA image (columns first, as pyqtgraph reads it) for the grid's labels."""
    rows, cols = len(cells), max((len(r) for r in cells), default=0)
    image = np.zeros((cols, rows, 4), dtype=np.ubyte)
    numbers = [_number(t) for row in cells for t in row if t != "…"]
    found = [n for n in numbers if n is not None]
    low, high = (min(found), max(found)) if found else (0.0, 1.0)
    categories: dict[str, int] = {}
    for r, row in enumerate(cells):
        for c in range(cols):
            text = row[c] if c < len(row) else ""
            number = _number(text)
            rgba: tuple[int, ...]
            if text == "…":
                rgba = (*GAP, 255)
            elif number is not None:
                share = (number - low) / (high - low) if high > low else 0.0
                rgba = tuple(int(v) for v in LOW + (HIGH - LOW) * share)
            else:
                index = categories.setdefault(text, len(categories))
                rgba = (*CATEGORIES[index % len(CATEGORIES)], 255)
            image[c, r] = rgba
    return image


class GridScene(Scene):
    def build(self) -> None:
        self.image = self.add(pg.ImageItem())
        self.outline = self.add(pg.ScatterPlotItem(pxMode=False, symbol="s", size=0.94, brush=None,
                                                   pen=pg.mkPen(CHANGED, width=3)))  # fmt: skip
        self.outline.setZValue(5)
        self.grid = self.add(pg.PlotCurveItem(connect="pairs", pen=pg.mkPen("#b0bec5", width=1)))
        self.labels = self.pool(size=10)
        self.headers = self.pool(size=8, color=MUTED)

    def draw(self, drawing: Drawing) -> QRectF:
        model = drawing.model
        assert isinstance(model, Matrix)
        rows, cols = len(model.cells), max((len(r) for r in model.cells), default=0)
        self.image.setImage(colours(model.cells), autoLevels=False)
        self.image.setRect(QRectF(0, 0, max(cols, 1), max(rows, 1)))
        pairs: list[tuple[float, float]] = []
        for c in range(cols + 1):
            pairs += [(c, 0), (c, rows)]
        for r in range(rows + 1):
            pairs += [(0, r), (cols, r)]
        data = np.asarray(pairs, dtype=float).reshape(-1, 2)
        self.grid.setData(x=data[:, 0], y=data[:, 1], connect="pairs")
        show = rows * cols <= LABEL_LIMIT
        self.labels.update([(c + 0.5, r + 0.5, text) for r, row in enumerate(model.cells) for c, text in enumerate(row)]
                           if show else [])  # fmt: skip
        heads = [(c + 0.5, -0.3, "…" if p is None else str(p)) for c, p in enumerate(model.col_positions)]
        heads += [(-0.4, r + 0.5, "…" if p is None else str(p)) for r, p in enumerate(model.row_positions)]
        self.headers.update(heads)
        marked = self._changed(model, drawing)
        if marked:
            spots = np.asarray(marked, dtype=float) + 0.5
            self.outline.setData(x=spots[:, 1], y=spots[:, 0])
        else:
            self.outline.setData(x=[], y=[])
        return bounds(-0.9, -0.7, cols + 0.2, rows + 0.2)

    @staticmethod
    def _changed(model: Matrix, drawing: Drawing) -> list[tuple[int, int]]:
        row_at = {p: r for r, p in enumerate(model.row_positions) if p is not None}
        col_at = {p: c for c, p in enumerate(model.col_positions) if p is not None}
        out = []
        for item in drawing.changed:
            if item == ALL:
                return [(r, c) for r in range(len(model.cells)) for c in range(len(model.cells[r]))]
            if not isinstance(item, tuple):
                continue
            row, col = item
            if row not in row_at:
                continue
            if col == ALL:
                out += [(row_at[row], c) for c in range(len(model.cells[row_at[row]]))]
            elif col in col_at:
                out.append((row_at[row], col_at[col]))
        return out
