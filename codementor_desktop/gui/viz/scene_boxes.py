"""Structures drawn as boxes: arrays (with named pointers under their cells), stacks, queues,
linked lists and hash maps (as buckets)."""

from __future__ import annotations

import zlib

import pyqtgraph as pg
from PySide6.QtCore import QRectF

from ...visual.model import Cells, HashMap, LinkedList
from .scene_kit import (
    ACCENT,
    CHANGED,
    FILL,
    GAP,
    MUTED,
    POINTED,
    Scene,
    arrow_segments,
    bars,
    bounds,
    segments,
    set_boxes,
    set_pairs,
)
from .structure_model import ALL, Drawing

CELL = 0.9


def _fill(position: int | None, drawing: Drawing, pointed: set[int]) -> str:
    if position is None:
        return GAP
    if ALL in drawing.changed or position in drawing.changed:
        return CHANGED
    return POINTED if position in pointed else FILL


class CellsScene(Scene):
    """An array left to right, a queue (front on the left) or a stack (top at the top)."""

    def build(self) -> None:
        self.boxes = self.add(bars())
        self.labels = self.pool(size=11)
        self.indices = self.pool(size=8, color=MUTED)
        self.pointers = self.pool(anchor=(0.5, 0), size=10, bold=True, color=ACCENT)

    def draw(self, drawing: Drawing) -> QRectF:
        model = drawing.model
        assert isinstance(model, Cells)
        if model.kind == "stack":
            return self._vertical(model, drawing)
        pointed = set(model.pointers.values())
        count = len(model.labels)
        set_boxes(self.boxes, [(k, 0.0, CELL, CELL) for k in range(count)],
                  [_fill(p, drawing, pointed) for p in model.positions])  # fmt: skip
        self.labels.update([(k + CELL / 2, CELL / 2, text) for k, text in enumerate(model.labels)])
        self.indices.update([(k + CELL / 2, -0.22, str(p)) for k, p in enumerate(model.positions) if p is not None])
        column = {p: k for k, p in enumerate(model.positions) if p is not None}
        at: dict[float, list[str]] = {}
        for name, index in sorted(model.pointers.items(), key=lambda item: item[0]):
            if index in column:
                x = column[index] + CELL / 2
            elif index < 0:
                x = -1 + CELL / 2
            elif index >= model.total:
                x = (column.get(model.total - 1, count - 1) + 1) + CELL / 2
            else:
                continue  # a position the window cut out
            at.setdefault(x, []).append(name)
        if model.kind == "queue" and count:  # its two ends, named like pointers
            at.setdefault(CELL / 2, []).insert(0, "front")
            at.setdefault(count - 1 + CELL / 2, []).append("back")
        marks = [(x, CELL + 0.08, "▲\n" + "\n".join(names)) for x, names in sorted(at.items())]
        self.pointers.update(marks)
        left = -1.0 if any(x < 0 for x in at) else 0.0
        right = max(count, max(at, default=0) + 1)
        deepest = max((len(names) for names in at.values()), default=0)
        return bounds(left - 0.2, -0.8, right + 0.2, CELL + 0.45 + 0.42 * deepest)

    def _vertical(self, model: Cells, drawing: Drawing) -> QRectF:
        count = len(model.labels)
        width = 2.4
        rows = [count - 1 - k for k in range(count)]  # the last item (the top) on the first row
        pointed = set(model.pointers.values())
        set_boxes(self.boxes, [(0.0, row, width, CELL) for row in rows],
                  [_fill(p, drawing, pointed) for p in model.positions])  # fmt: skip
        self.labels.update([(width / 2, row + CELL / 2, text) for row, text in zip(rows, model.labels, strict=True)])
        self.indices.update([(-0.3, row + CELL / 2, str(p)) for row, p in zip(rows, model.positions, strict=True)
                             if p is not None])  # fmt: skip
        marks = [(width + 0.9, CELL / 2 - 0.25, "◀ top")] if count else []
        self.pointers.update(marks)
        return bounds(-0.8, -0.3, width + 1.6, max(count, 1) + 0.3)


class ChainScene(Scene):
    """A linked list: boxes joined by arrows, a cycle drawn back under them, names above."""

    def build(self) -> None:
        self.arrows = self.add(segments())
        self.cycle = self.add(segments())
        self.cycle.setPen(pg.mkPen(CHANGED, width=2))
        self.boxes = self.add(bars())
        self.labels = self.pool(size=11)
        self.names = self.pool(anchor=(0.5, 1), size=10, bold=True, color=ACCENT)
        self.ends = self.pool(size=10, color=MUTED)

    def draw(self, drawing: Drawing) -> QRectF:
        model = drawing.model
        assert isinstance(model, LinkedList)
        count = len(model.labels)
        width, step = 1.3, 2.1
        named = set(drawing.node_names)
        set_boxes(self.boxes, [(k * step, 0.0, width, CELL) for k in range(count)],
                  [_fill(k, drawing, named) for k in range(count)])  # fmt: skip
        self.labels.update([(k * step + width / 2, CELL / 2, text) for k, text in enumerate(model.labels)])
        pairs: list[tuple[float, float]] = []
        for k in range(count - 1):
            pairs += arrow_segments(k * step + width, CELL / 2, (k + 1) * step - 0.02, CELL / 2)
        ends = []
        if count and model.cycle_to is None and not model.cut:
            pairs += arrow_segments((count - 1) * step + width, CELL / 2, count * step - 0.35, CELL / 2)
            ends.append((count * step + 0.05, CELL / 2, "None"))
        set_pairs(self.arrows, pairs)
        loop: list[tuple[float, float]] = []
        if model.cycle_to is not None and count:
            last, back = (count - 1) * step + width / 2, model.cycle_to * step + width / 2
            corner = CELL + 0.5
            loop = [(last, CELL), (last, corner), (last, corner), (back, corner)]
            loop += arrow_segments(back, corner, back, CELL + 0.02)
        set_pairs(self.cycle, loop)
        self.ends.update(ends)
        self.names.update([(k * step + width / 2, -0.1, ", ".join(names)) for k, names in drawing.node_names.items()
                           if k < count])  # fmt: skip
        return bounds(-0.3, -0.7, max(count, 1) * step + 0.6, CELL + 0.8)


class BucketsScene(Scene):
    """A hash map as a textbook table of buckets: each key in bucket hash(key) mod size, chained.

    (Python's own dict keeps its keys in insertion order; the buckets show the idea of hashing.)
    """

    def build(self) -> None:
        self.arrows = self.add(segments())
        self.boxes = self.add(bars())
        self.labels = self.pool(size=10)
        self.indices = self.pool(size=9, color=MUTED)

    def draw(self, drawing: Drawing) -> QRectF:
        model = drawing.model
        assert isinstance(model, HashMap)
        size = table_size(len(model.entries))
        chains: dict[int, list[int]] = {}
        for index, (key, _value) in enumerate(model.entries):
            chains.setdefault(bucket_of(key, size), []).append(index)
        shown = list(range(size)) if size <= 16 else sorted(chains)
        boxes, fills, texts, indices, pairs = [], [], [], [], []
        entry_width, gap = 3.4, 0.6
        for row, bucket in enumerate(shown):
            boxes.append((0.0, float(row), 0.9, CELL))
            fills.append(FILL)
            indices.append((0.45, row + CELL / 2, str(bucket)))
            x = 1.5
            previous = 0.9
            for index in chains.get(bucket, []):
                key, value = model.entries[index]
                boxes.append((x, float(row), entry_width, CELL))
                changed = ALL in drawing.changed or key in drawing.changed
                fills.append(CHANGED if changed else "#ffffff")
                texts.append((x + entry_width / 2, row + CELL / 2, _clip(f"{key}: {value}", 20)))
                pairs += arrow_segments(previous, row + CELL / 2, x - 0.02, row + CELL / 2, head=0.14)
                previous = x + entry_width
                x += entry_width + gap
        set_boxes(self.boxes, boxes, fills)
        self.labels.update(texts)
        self.indices.update(indices)
        set_pairs(self.arrows, pairs)
        widest = max((box[0] + box[2] for box in boxes), default=1.0)
        return bounds(-0.3, -0.3, max(widest, 4.0) + 0.3, max(len(shown), 1) + 0.2)


def table_size(entries: int) -> int:
    """Buckets for ``entries`` keys: a power of two, at least 8, kept under two-thirds full."""
    size = 8
    while entries * 3 > size * 2:
        size *= 2
    return size


def bucket_of(key_label: str, size: int) -> int:
    """A stable bucket for a key: an integer key by its value, any other by a checksum of its text."""
    try:
        return int(key_label) % size
    except ValueError:
        return zlib.crc32(key_label.encode("utf-8")) % size


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
