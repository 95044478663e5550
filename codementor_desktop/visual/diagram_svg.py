"""Execution diagrams as standalone SVG: a flowchart of blocks, lifelines of calls, a variable's states."""

from __future__ import annotations

import math

from .flow import CallSequence, FlowGraph, VariableStates
from .svg import ACCENT, FILL, HIGHLIGHT, INK, MUTED, Svg, text_width

MARGIN = 24
BOX_H = 30
ROW = 64
MESSAGE_CHARS = 72  # a call's arguments beyond this are cut ("…")


def _label(block) -> str:
    lines = f"L{block.first}" if block.first == block.last else f"L{block.first}-{block.last}"
    body = f" {block.text}" if block.text else ""
    return f"{lines}{body}"


def flow(graph: FlowGraph) -> str:
    """Blocks top to bottom, one column per function; loop edges curve back on the right."""
    if not graph.blocks:
        svg = Svg(240, 80, "flowchart")
        svg.text(120, 40, "(no lines ran)", fill=MUTED)
        return svg.document()
    columns = {
        name: index
        for index, name in enumerate(f for f in graph.functions if any(b.function == f for b in graph.blocks))
    }
    widths = {name: 0.0 for name in columns}
    for block in graph.blocks:
        widths[block.function] = max(widths[block.function], text_width(_label(block), 12) + 70)
    lefts: dict[str, float] = {}
    x = float(MARGIN)
    for name in columns:
        lefts[name] = x
        x += widths[name] + 90
    rows: dict[str, int] = {}
    where: dict[str, tuple[float, float, float]] = {}
    for block in graph.blocks:
        row = rows.get(block.function, 0)
        rows[block.function] = row + 1
        where[block.id] = (lefts[block.function], MARGIN + 40 + row * ROW, widths[block.function])
    height = MARGIN * 2 + 40 + max(rows.values()) * ROW
    svg = Svg(x + MARGIN, height, f"flowchart of {graph.total_steps} steps")
    for name, left in lefts.items():
        svg.text(left, MARGIN + 10, name, size=13, anchor="start", bold=True, fill=ACCENT)
    busiest = max((b.count for b in graph.blocks), default=1)
    for number, (a, b, times, kind) in enumerate(graph.edges):
        ax, ay, aw = where[a]
        bx, by, bw = where[b]
        if kind == "loop":
            right = max(ax + aw, bx + bw) + 20 + 6 * (number % 4)
            svg.path(f"M {ax + aw:.1f} {ay + BOX_H / 2:.1f} C {right:.1f} {ay + BOX_H / 2:.1f} {right:.1f} "
                     f"{by + BOX_H / 2:.1f} {bx + bw:.1f} {by + BOX_H / 2:.1f}", stroke=ACCENT, arrow=True, dash=True)  # fmt: skip
            svg.text(right + 4, (ay + by) / 2 + BOX_H / 2, f"×{times:,}", size=10, anchor="start", fill=ACCENT)
        elif kind == "call":
            svg.line(ax + aw, ay + BOX_H / 2, bx - 2, by + BOX_H / 2, stroke=MUTED, arrow=True, dash=True)
            svg.text((ax + aw + bx) / 2, (ay + by) / 2 + BOX_H / 2 - 8, f"call ×{times:,}", size=10, fill=MUTED)
        else:
            start_y, end_y = ay + BOX_H, by
            if end_y <= start_y:
                end_y = by + BOX_H
            svg.line(ax + 30, start_y, bx + 30, end_y - 1, arrow=True, width=1 + 2 * times / max(busiest, 1))
            svg.text(ax + 38, (start_y + end_y) / 2, f"×{times:,}", size=10, anchor="start", fill=MUTED)
    for block in graph.blocks:
        left, top, width = where[block.id]
        heat = block.count / max(busiest, 1)
        svg.rect(left, top, width, BOX_H, fill=HIGHLIGHT if heat > 0.5 else FILL)
        svg.text(left + 8, top + BOX_H / 2, _label(block), size=12, anchor="start")
        svg.text(left + width - 6, top + BOX_H / 2, f"×{block.count:,}", size=10, anchor="end", fill=MUTED)
    return svg.document()


def sequence(calls: CallSequence) -> str:
    """Lifelines left to right; each call, return or raise one row down.

    The picture is as wide as its widest label needs: a label centred between two lifelines can
    be wider than the gap between them, and a recursive call's label runs right of its lifeline.
    """
    labels = [_clip(m.text, MESSAGE_CHARS) for m in calls.messages]
    gap = max(140.0, max((text_width(label, 11) + 30 for label in labels), default=140.0))
    gap = min(gap, 320.0)
    xs = {name: 60 + index * gap for index, name in enumerate(calls.participants)}
    left_edge, right_edge = 0.0, max(xs.values()) + 60
    for message, label in zip(calls.messages, labels, strict=True):
        sx, tx, extent = xs[message.source], xs[message.target], text_width(label, 11)
        if sx == tx:
            right_edge = max(right_edge, sx + 46 + extent)
        else:
            left_edge = min(left_edge, (sx + tx - extent) / 2)
            right_edge = max(right_edge, (sx + tx + extent) / 2)
    shift = MARGIN - left_edge
    xs = {name: x + shift for name, x in xs.items()}
    width = right_edge + shift + MARGIN
    rows = len(calls.messages) + (1 if calls.omitted else 0)
    height = MARGIN * 2 + 60 + rows * 28 + 20
    svg = Svg(width, height, f"{calls.total_calls} calls")
    for name, cx in xs.items():
        svg.rect(cx - 55, MARGIN, 110, 28, fill=FILL)
        svg.text(cx, MARGIN + 14, name if len(name) <= 14 else name[:13] + "…", size=12)
        svg.line(cx, MARGIN + 28, cx, height - MARGIN, stroke=MUTED, dash=True)
    y = MARGIN + 56
    for message, label in zip(calls.messages, labels, strict=True):
        sx, tx = xs[message.source], xs[message.target]
        colour = INK if message.kind in ("call", "resume") else (HIGHLIGHT if message.kind == "raise" else ACCENT)
        dashed = message.kind not in ("call", "resume")
        if sx == tx:  # recursion: a loop back onto the same lifeline
            svg.path(f"M {sx:.1f} {y - 6:.1f} h 40 v 14 h -38", stroke=colour, arrow=True, dash=dashed)
            svg.text(sx + 46, y, label, size=11, anchor="start", fill=colour)
        else:
            svg.line(sx, y, tx, y, stroke=colour, arrow=True, dash=dashed)
            svg.text((sx + tx) / 2, y - 8, label, size=11, fill=colour)
        y += 28
    if calls.omitted:
        svg.text(MARGIN, y, f"… {calls.omitted} more messages not shown", size=11, anchor="start", fill=MUTED)
    if not calls.messages:
        svg.text(width / 2, y, "(no function was called)", fill=MUTED)
    return svg.document()


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def states(model: VariableStates) -> str:
    """States on a circle, arrows for each change with how often it happened."""
    count = len(model.states)
    if not count:
        svg = Svg(320, 80, "states")
        svg.text(160, 40, model.note or "(no values)", size=12, fill=MUTED)
        return svg.document()
    radius = max(80.0, 34.0 * count / math.pi)
    box = max(70.0, min(220.0, max(text_width(s, 11) + 20 for s in model.states)))
    size = 2 * (radius + box) + 2 * MARGIN
    svg = Svg(size, size + 30, f"states of {model.variable}")
    cx = cy = size / 2
    spots = []
    for index in range(count):
        angle = -math.pi / 2 + 2 * math.pi * index / count
        spots.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    for a, b, times in model.transitions:
        (ax, ay), (bx, by) = spots[a], spots[b]
        length = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / length, (by - ay) / length
        svg.line(ax + ux * 16, ay + uy * 16, bx - ux * 18, by - uy * 18, arrow=True)
        svg.text((ax + bx) / 2 - uy * 10, (ay + by) / 2 + ux * 10, f"×{times}", size=10, fill=ACCENT)
    first, last = model.order[0], model.order[-1]
    for index, (x, y) in enumerate(spots):
        text = model.states[index]
        shown = text if len(text) <= 28 else text[:27] + "…"
        fill = HIGHLIGHT if index in (first, last) else FILL
        svg.rect(x - box / 2, y - 14, box, 28, fill=fill, rx=12)
        svg.text(x, y, shown, size=11)
    svg.text(MARGIN, size + 10, f"{model.variable}: first and last values highlighted", size=11, anchor="start",
             fill=MUTED)  # fmt: skip
    return svg.document()
