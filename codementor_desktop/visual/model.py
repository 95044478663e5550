"""The shapes the renderers draw, once the data has been recognized and cut to a drawable size.

Every model keeps the size of what it came from (``total``) next to what it shows, so each format
can say "1,000 items, 30 shown" instead of drawing a wall of text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


def label(value: Any, limit: int = 24) -> str:
    """A value as a short cell label: ``3``, ``abc``, ``None``, ``[1, 2]``."""
    if isinstance(value, str):
        text = value if value else '""'
    elif isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        text = repr(value)
    elif isinstance(value, (list, tuple, dict, set)):
        text = _compact(value)
    elif hasattr(value, "cls") and hasattr(value, "fields"):  # a trace Node
        inner = value.fields.get("val", value.fields.get("value", value.fields.get("data")))
        text = f"{value.cls}({label(inner)})" if inner is not None else value.cls
    else:
        text = str(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _compact(value: Any, depth: int = 0) -> str:
    if depth > 2:
        return "…"
    if isinstance(value, dict):
        inner = ", ".join(f"{_compact(k, depth + 1)}: {_compact(v, depth + 1)}" for k, v in list(value.items())[:6])
        return "{" + inner + (", …" if len(value) > 6 else "") + "}"
    if isinstance(value, (list, tuple, set)):
        items = list(value)
        inner = ", ".join(_compact(v, depth + 1) for v in items[:8])
        return "[" + inner + (", …" if len(items) > 8 else "") + "]"
    return repr(value) if isinstance(value, str) else str(value)


@dataclass
class Cells:
    """An array, a stack (last item on top) or a queue (first item in front)."""

    kind: str
    labels: list[str]
    positions: list[int | None]  # the index each shown cell had; None marks a gap ("…")
    total: int
    highlights: set[int] = field(default_factory=set)
    pointers: dict[str, int] = field(default_factory=dict)


@dataclass
class Tree:
    """A tree: node ids with labels and ordered children (``None`` holds a missing left child)."""

    labels: dict[int, str]
    children: dict[int, list[int | None]]
    root: int | None
    binary: bool
    total: int
    cut: set[int] = field(default_factory=set)  # nodes whose children were not drawn
    highlights: set[int] = field(default_factory=set)
    positions: dict[int, tuple[float, float]] = field(default_factory=dict)


@dataclass
class Graph:
    """Nodes (by name) and edges (from, to, weight label or None)."""

    nodes: list[str]
    edges: list[tuple[str, str, str | None]]
    directed: bool
    total_nodes: int
    total_edges: int
    highlights: set[str] = field(default_factory=set)
    highlight_edges: set[tuple[str, str]] = field(default_factory=set)
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)


@dataclass
class LinkedList:
    """Node labels in order; ``cycle_to`` is the index the last node points back to, if any."""

    labels: list[str]
    total: int
    cycle_to: int | None = None
    highlights: set[int] = field(default_factory=set)
    pointers: dict[str, int] = field(default_factory=dict)
    cut: bool = False


@dataclass
class Matrix:
    """A grid: shown rows and columns (``None`` marks a gap) and the labels of the shown cells."""

    cells: list[list[str]]
    row_positions: list[int | None]
    col_positions: list[int | None]
    rows: int
    cols: int
    highlights: set[tuple[int, int]] = field(default_factory=set)


@dataclass
class HashMap:
    """Key and value labels in insertion order."""

    entries: list[tuple[str, str]]
    total: int
    highlights: set[int] = field(default_factory=set)


Structure = Cells | Tree | Graph | LinkedList | Matrix | HashMap
Renderers = dict[type, Callable[[Any], str]]


def render_with(structure: Structure, renderers: Renderers) -> str:
    """Draw ``structure`` with the renderer each format registers for its model type."""
    return renderers[type(structure)](structure)


def kind_of(structure: Structure) -> str:
    """The structure_type name of a model."""
    if isinstance(structure, Cells):
        return structure.kind
    return {Tree: "tree", Graph: "graph", LinkedList: "linked_list", Matrix: "matrix", HashMap: "hash_map"}[
        type(structure)
    ]
