"""Structures as standalone SVG documents (boxes, circles, arrows), from the same models as ASCII."""

from __future__ import annotations

import math

from .model import Cells, Graph, HashMap, LinkedList, Matrix, Structure, Tree, render_with
from .svg import ACCENT, FILL, HIGHLIGHT, INK, MUTED, Svg, text_width

CELL_H = 36
MARGIN = 24
NODE_R = 18


def render(structure: Structure) -> str:
    return render_with(
        structure,
        {Cells: _cells, Tree: _tree, Graph: _graph, LinkedList: _linked_list, Matrix: _matrix, HashMap: _hash_map},
    )


def _cells(cells: Cells) -> str:
    return _stack(cells) if cells.kind == "stack" else _row(cells)


def _fill(on: bool) -> str:
    return HIGHLIGHT if on else FILL


def _summary(svg: Svg, text: str | None) -> None:
    if text:
        svg.text(MARGIN, svg.height - 12, text, size=11, anchor="start", fill=MUTED)


def _row(cells: Cells) -> str:
    widths = [max(36.0, text_width(t) + 16) for t in cells.labels]
    offset = 70.0 if cells.kind == "queue" else 0.0
    width = MARGIN * 2 + offset * 2 + sum(widths) + 10
    height = 150.0
    svg = Svg(width, height, f"{cells.kind}: {cells.total} items")
    x = MARGIN + offset
    top = 40.0
    where: dict[int, float] = {}
    if not cells.labels:
        svg.text(width / 2, top + CELL_H / 2, f"(empty {cells.kind})", fill=MUTED)
    for text, position, w in zip(cells.labels, cells.positions, widths, strict=False):
        if position is None:
            svg.text(x + w / 2, top + CELL_H / 2, "…", fill=MUTED)
        else:
            svg.rect(x, top, w, CELL_H, fill=_fill(position in cells.highlights))
            svg.text(x + w / 2, top + CELL_H / 2, text)
            svg.text(x + w / 2, top - 10, str(position), size=10, fill=MUTED)
            where[position] = x + w / 2
        x += w
    if cells.kind == "queue" and cells.labels:
        svg.text(MARGIN + offset / 2, top + CELL_H / 2, "front", size=11, fill=ACCENT)
        svg.text(x + offset / 2, top + CELL_H / 2, "back", size=11, fill=ACCENT)
    _pointers(svg, where, cells.pointers, top + CELL_H)
    _summary(svg, _cells_summary(cells))
    return svg.document()


def _pointers(svg: Svg, where: dict[int, float], pointers: dict[str, int], bottom: float) -> None:
    grouped: dict[int, list[str]] = {}
    for name, index in pointers.items():
        if index in where:
            grouped.setdefault(index, []).append(name)
    for index, names in grouped.items():
        cx = where[index]
        svg.line(cx, bottom + 30, cx, bottom + 4, stroke=ACCENT, arrow=True)
        svg.text(cx, bottom + 42, ",".join(names), size=12, fill=ACCENT, bold=True)


def _cells_summary(cells: Cells) -> str | None:
    shown = len([p for p in cells.positions if p is not None])
    outside = [f"{n}={i}" for n, i in cells.pointers.items() if not 0 <= i < cells.total]
    parts = []
    if shown < cells.total:
        parts.append(f"{cells.total:,} items, {shown} shown")
    if outside:
        parts.append("outside: " + ", ".join(outside))
    return "; ".join(parts) or None


def _stack(cells: Cells) -> str:
    w = max([80.0] + [text_width(t) + 24 for t in cells.labels])
    height = MARGIN * 2 + CELL_H * max(1, len(cells.labels)) + 40
    svg = Svg(w + 2 * MARGIN + 110, height, f"stack: {cells.total} items")
    x = MARGIN + 60
    y = MARGIN + 10
    if not cells.labels:
        svg.text(x + w / 2, y + CELL_H / 2, "(empty stack)", fill=MUTED)
    pointed: dict[int, list[str]] = {}
    for name, index in cells.pointers.items():
        pointed.setdefault(index, []).append(name)
    for row in range(len(cells.labels) - 1, -1, -1):
        position = cells.positions[row]
        if position is None:
            svg.text(x + w / 2, y + CELL_H / 2, "⋮", fill=MUTED)
        else:
            svg.rect(x, y, w, CELL_H, fill=_fill(position in cells.highlights), rx=0)
            svg.text(x + w / 2, y + CELL_H / 2, cells.labels[row])
            svg.text(x + w + 8, y + CELL_H / 2, f"[{position}]" + (" ← " + ",".join(pointed[position]) if position in pointed else ""),
                     size=10, anchor="start", fill=MUTED)  # fmt: skip
        if row == len(cells.labels) - 1:
            svg.text(MARGIN + 20, y + CELL_H / 2, "top", size=11, fill=ACCENT, bold=True)
        y += CELL_H
    _summary(svg, _cells_summary(cells))
    return svg.document()


def _tree(tree: Tree) -> str:
    positions = tree.positions
    count = max(1, len(positions))
    width = max(200.0, min(1600.0, count * 44.0))
    height = 80.0 + 70.0 * max(1, _depth(tree))
    svg = Svg(width + 2 * MARGIN, height + 30, f"tree: {tree.total} nodes")

    def at(node: int) -> tuple[float, float]:
        x, y = positions.get(node, (0.5, 0.0))
        return MARGIN + x * width, MARGIN + 20 + y * (height - 60)

    if tree.root is None:
        svg.text(svg.width / 2, 40, "(empty tree)", fill=MUTED)
    for parent, kids in tree.children.items():
        px, py = at(parent)
        for kid in kids:
            if kid is not None:
                kx, ky = at(kid)
                svg.line(px, py, kx, ky, stroke=MUTED)
        if parent in tree.cut:
            svg.line(px, py + NODE_R, px, py + NODE_R + 16, stroke=MUTED, dash=True)
            svg.text(px, py + NODE_R + 24, "…", size=12, fill=MUTED)
    for node, text in tree.labels.items():
        x, y = at(node)
        svg.circle(x, y, max(NODE_R, text_width(text, 12) / 2 + 6), fill=_fill(node in tree.highlights))
        svg.text(x, y, text, size=12)
    if tree.total > len(tree.labels):
        _summary(svg, f"{tree.total:,} nodes, {len(tree.labels)} shown (… marks hidden children)")
    return svg.document()


def _depth(tree: Tree) -> int:
    ys = sorted({y for _, y in tree.positions.values()})
    return max(1, len(ys))


def _graph(graph: Graph) -> str:
    count = max(1, len(graph.nodes))
    side = max(260.0, min(900.0, 90.0 * math.sqrt(count) + 120))
    svg = Svg(side + 2 * MARGIN, side + 2 * MARGIN + 20, f"graph: {graph.total_nodes} nodes")

    def at(node: str) -> tuple[float, float]:
        x, y = graph.positions.get(node, (0.5, 0.5))
        return MARGIN + 30 + x * (side - 60), MARGIN + 30 + y * (side - 60)

    if not graph.nodes:
        svg.text(svg.width / 2, svg.height / 2, "(empty graph)", fill=MUTED)
    for a, b, weight in graph.edges:
        (ax, ay), (bx, by) = at(a), at(b)
        marked = (a, b) in graph.highlight_edges or (not graph.directed and (b, a) in graph.highlight_edges)
        colour, width = (HIGHLIGHT if marked else INK), (3.0 if marked else 1.2)
        if a == b:
            svg.path(f"M {ax - 8:.1f} {ay - NODE_R:.1f} C {ax - 30:.1f} {ay - 60:.1f} {ax + 30:.1f} {ay - 60:.1f} "
                     f"{ax + 8:.1f} {ay - NODE_R:.1f}", stroke=colour, arrow=graph.directed, width=width)  # fmt: skip
            continue
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        svg.line(ax + ux * NODE_R, ay + uy * NODE_R, bx - ux * (NODE_R + 2), by - uy * (NODE_R + 2), stroke=colour,
                 arrow=graph.directed, width=width)  # fmt: skip
        if weight is not None:
            svg.text((ax + bx) / 2 - uy * 10, (ay + by) / 2 + ux * 10, weight, size=11, fill=ACCENT)
    for node in graph.nodes:
        x, y = at(node)
        svg.circle(x, y, max(NODE_R, text_width(node, 12) / 2 + 6), fill=_fill(node in graph.highlights))
        svg.text(x, y, node, size=12)
    if graph.total_nodes > len(graph.nodes) or graph.total_edges > len(graph.edges):
        _summary(svg, f"{len(graph.nodes)} of {graph.total_nodes} nodes, {len(graph.edges)} of {graph.total_edges} "
                      "edges shown")  # fmt: skip
    return svg.document()


def _linked_list(chain: LinkedList) -> str:
    widths = [max(44.0, text_width(t) + 20) for t in chain.labels]
    gap = 36.0
    width = MARGIN * 2 + sum(widths) + gap * len(widths) + 60
    svg = Svg(width, 160.0, f"linked list: {chain.total} nodes")
    y = 40.0
    x = float(MARGIN)
    centres = []
    for index, (text, w) in enumerate(zip(chain.labels, widths, strict=False)):
        if text == "…" and chain.cut:
            svg.text(x + w / 2, y + CELL_H / 2, "…", fill=MUTED)
        else:
            svg.rect(x, y, w, CELL_H, fill=_fill(index in chain.highlights))
            svg.text(x + w / 2, y + CELL_H / 2, text)
        centres.append(x + w / 2)
        svg.line(x + w, y + CELL_H / 2, x + w + gap - 2, y + CELL_H / 2, arrow=True)
        x += w + gap
    if chain.cycle_to is not None and centres:
        back = centres[chain.cycle_to]
        svg.path(f"M {x - gap / 2:.1f} {y + CELL_H / 2:.1f} L {x - gap / 2:.1f} {y + CELL_H + 30:.1f} "
                 f"L {back:.1f} {y + CELL_H + 30:.1f} L {back:.1f} {y + CELL_H + 2:.1f}", arrow=True, stroke=ACCENT)  # fmt: skip
    else:
        svg.text(x + 10, y + CELL_H / 2, "None", size=12, anchor="start", fill=MUTED)
    where = {i: c for i, c in enumerate(centres)}
    _pointers(svg, where, chain.pointers, y + CELL_H + (36 if chain.cycle_to is not None else 0))
    if chain.cut:
        _summary(svg, f"{chain.total:,} nodes, {len(chain.labels) - 1} shown")
    return svg.document()


def _matrix(grid: Matrix) -> str:
    cell = max(34.0, max((text_width(c, 12) + 12 for row in grid.cells for c in row), default=34.0))
    cols = len(grid.col_positions)
    rows = len(grid.row_positions)
    svg = Svg(MARGIN * 2 + 30 + cell * max(1, cols), MARGIN * 2 + 30 + cell * max(1, rows) + 20,
              f"matrix: {grid.rows} x {grid.cols}")  # fmt: skip
    left, top = MARGIN + 30, MARGIN + 24
    if not grid.cells or not cols:
        svg.text(svg.width / 2, svg.height / 2, "(empty matrix)", fill=MUTED)
    for j, c in enumerate(grid.col_positions):
        svg.text(left + j * cell + cell / 2, top - 12, "…" if c is None else str(c), size=10, fill=MUTED)
    for i, (r, row) in enumerate(zip(grid.row_positions, grid.cells, strict=False)):
        svg.text(left - 14, top + i * cell + cell / 2, "…" if r is None else str(r), size=10, fill=MUTED)
        for j, (c, text) in enumerate(zip(grid.col_positions, row, strict=False)):
            gap = r is None or c is None
            svg.rect(left + j * cell, top + i * cell, cell, cell, rx=0, fill="#ffffff" if gap else
                     _fill((r, c) in grid.highlights), stroke=MUTED if gap else INK)  # fmt: skip
            svg.text(left + j * cell + cell / 2, top + i * cell + cell / 2, text, size=12)
    shown_rows = len([r for r in grid.row_positions if r is not None])
    shown_cols = len([c for c in grid.col_positions if c is not None])
    if shown_rows < grid.rows or shown_cols < grid.cols:
        _summary(svg, f"{grid.rows} x {grid.cols}, {shown_rows} x {shown_cols} shown")
    return svg.document()


def _hash_map(table: HashMap) -> str:
    key_w = max([60.0] + [text_width(k) + 20 for k, _ in table.entries])
    value_w = max([80.0] + [text_width(v) + 20 for _, v in table.entries])
    rows = max(1, len(table.entries)) + 1
    svg = Svg(MARGIN * 2 + key_w + value_w + 30, MARGIN * 2 + rows * 30 + 20, f"hash map: {table.total} entries")
    x, y = MARGIN, MARGIN
    svg.text(x + key_w / 2, y + 15, "key", size=12, bold=True)
    svg.text(x + key_w + 30 + value_w / 2, y + 15, "value", size=12, bold=True)
    if not table.entries:
        svg.text(svg.width / 2, y + 45, "(empty map)", fill=MUTED)
    for index, (key, value) in enumerate(table.entries):
        top = y + 30 * (index + 1)
        svg.rect(x, top, key_w, 26, fill=_fill(index in table.highlights))
        svg.text(x + key_w / 2, top + 13, key, size=12)
        svg.line(x + key_w, top + 13, x + key_w + 28, top + 13, arrow=True)
        svg.rect(x + key_w + 30, top, value_w, 26)
        svg.text(x + key_w + 30 + value_w / 2, top + 13, value, size=12)
    if table.total > len(table.entries):
        _summary(svg, f"{table.total:,} entries, {len(table.entries)} shown")
    return svg.document()
