"""bp_visualize_structure's engine: recognize, cut, lay out and draw a structure in one format."""

from __future__ import annotations

from typing import Any

from . import ascii_structures, mermaid, svg_structures
from .layout import graph_positions, tree_positions
from .model import Cells, Graph, HashMap, LinkedList, Matrix, Structure, Tree, kind_of
from .normalize import BUDGETS, Budget, detect, normalize

RENDERERS = {"ascii": ascii_structures.render, "svg": svg_structures.render, "mermaid": mermaid.render}


def render_structure(
    structure_type: str,
    data: Any,
    fmt: str = "ascii",
    highlight_indices: list[int] | None = None,
    pointers: dict[str, int] | None = None,
    highlight_nodes: list | None = None,
    highlight_edges: list | None = None,
) -> dict[str, Any]:
    """The drawing, what was drawn, whether it was cut, and node positions for trees and graphs.

    Raises ``normalize.StructureError`` (a ValueError) when the data cannot take that shape.
    """
    kind = detect(data) if structure_type == "auto" else structure_type
    model = build(kind, data, fmt, highlight_indices, pointers, highlight_nodes, highlight_edges)
    result: dict[str, Any] = {
        "format": fmt,
        "structure_type": kind_of(model),
        "content": RENDERERS[fmt](model),
        "summary": summary(model),
        "truncated": truncated(model),
    }
    if structure_type == "auto":
        result["detected"] = kind
    if isinstance(model, (Tree, Graph)):
        result["layout"] = layout(model)
    return result


def build(
    kind: str,
    data: Any,
    fmt: str,
    highlight_indices: list[int] | None = None,
    pointers: dict[str, int] | None = None,
    highlight_nodes: list | None = None,
    highlight_edges: list | None = None,
) -> Structure:
    """The cut model with its layout (for a tree or a graph)."""
    model = normalize(kind, data, list(highlight_indices or []), dict(pointers or {}), list(highlight_nodes or []),
                      list(highlight_edges or []), BUDGETS.get(fmt, Budget()))  # fmt: skip
    if isinstance(model, Tree):
        model.positions = tree_positions(model)
    elif isinstance(model, Graph):
        model.positions = graph_positions(model)
    return model


def layout(model: Tree | Graph) -> dict[str, Any]:
    """Nodes with unit-box positions and edges: what a window needs to draw the same picture."""
    if isinstance(model, Tree):
        nodes = [
            {"id": str(n), "label": model.labels[n], "x": x, "y": y, "highlight": n in model.highlights}
            for n, (x, y) in sorted(model.positions.items())
        ]
        edges = [{"from": str(p), "to": str(c), "label": None} for p, kids in model.children.items() for c in kids
                 if c is not None]  # fmt: skip
        return {"nodes": nodes, "edges": edges, "directed": True}
    nodes = [
        {
            "id": n,
            "label": n,
            "x": model.positions[n][0],
            "y": model.positions[n][1],
            "highlight": n in model.highlights,
        }
        for n in model.nodes
    ]
    edges = [{"from": a, "to": b, "label": w} for a, b, w in model.edges]
    return {"nodes": nodes, "edges": edges, "directed": model.directed}


def truncated(model: Structure) -> bool:
    if isinstance(model, Cells):
        return len([p for p in model.positions if p is not None]) < model.total
    if isinstance(model, Tree):
        return model.total > len(model.labels)
    if isinstance(model, Graph):
        return model.total_nodes > len(model.nodes) or model.total_edges > len(model.edges)
    if isinstance(model, LinkedList):
        return model.cut
    if isinstance(model, Matrix):
        return None in model.row_positions or None in model.col_positions
    return model.total > len(model.entries)


def summary(model: Structure) -> str:
    """One sentence for the chat: what is drawn, how big, what is marked."""
    kind = kind_of(model).replace("_", " ")
    if isinstance(model, Cells):
        text = f"{kind} of {model.total:,} items"
        if model.pointers:
            text += "; " + ", ".join(f"{k} = {v}" for k, v in sorted(model.pointers.items()))
    elif isinstance(model, Tree):
        text = f"tree of {model.total:,} nodes" + ("" if model.binary else " (not binary)")
    elif isinstance(model, Graph):
        text = f"{'directed' if model.directed else 'undirected'} graph, {model.total_nodes:,} nodes, " \
            f"{model.total_edges:,} edges"  # fmt: skip
    elif isinstance(model, LinkedList):
        text = f"linked list of {model.total:,} nodes" + (
            f", with a cycle back to node {model.cycle_to}" if model.cycle_to is not None else ""
        )
    elif isinstance(model, Matrix):
        text = f"matrix of {model.rows} x {model.cols}"
    else:
        assert isinstance(model, HashMap)
        text = f"hash map of {model.total:,} entries"
    marked = len(model.highlights) + len(getattr(model, "highlight_edges", ()))
    if marked:
        text += f"; {marked} highlighted"
    if truncated(model):
        text += "; cut to fit (marked …)"
    return text + "."
