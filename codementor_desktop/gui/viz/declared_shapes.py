"""The shapes a bank problem declares for its arguments, for the Structure tab to draw them so.

A ``TreeNode`` parameter is a tree, a ``ListNode`` one a linked list, and a ``list[list[int]]``
parameter whose ``[inputs]`` entry has a ``nodes`` key is a graph: an adjacency list (``graph[i]``
holds ``i``'s neighbours) when the parameter is named ``graph``, ``adj`` or ``adjacency(_list)``, else an
edge list, whose nodes are numbered up to the problem's node count when it takes one (an ``int``
parameter such as ``n`` or ``num_courses``, or the one the entry names with ``count``). An
edge list is undirected unless its entry says ``directed = true`` (prerequisites, trust, travel
times); an adjacency list's direction is told from its rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...edge_cases.params import NODE_COUNT_NAMES, UnknownType, parse_type

if TYPE_CHECKING:
    from ...problems.model import Problem

TREE, LINKED_LIST, GRAPH = "tree", "linked_list", "graph"


@dataclass(frozen=True)
class DeclaredShape:
    """How one parameter is drawn: ``kind``; for a graph, whether it is an edge list (else an
    adjacency list), its node count's parameter (``count``, None when it has none) and whether its
    edges are directed (None: told from the edges)."""

    kind: str
    count: str | None = None
    directed: bool | None = None
    edge_list: bool = True
    first: int = 0  # the lowest node number: 1 where the entry's ``min`` says nodes count from 1

    def graph_data(self, value: Any, count: Any) -> Any:
        """``value`` (and the node count ``count``) as the graph drawing reads it."""
        if not isinstance(value, (list, tuple)):
            return value
        if not self.edge_list:  # an adjacency list: every index is a node, even one with no neighbours
            return {index: list(row) if isinstance(row, (list, tuple)) else [] for index, row in enumerate(value)}
        edges = [list(row) for row in value if isinstance(row, (list, tuple)) and len(row) >= 2]
        nodes: list[Any] = []
        if isinstance(count, int) and not isinstance(count, bool) and 0 <= count <= 10_000:
            nodes = list(range(self.first, self.first + count))  # a node without edges is drawn too
        return {"nodes": nodes, "edges": edges, "directed": bool(self.directed)}


def declared_shapes(problem: Problem) -> dict[str, DeclaredShape]:
    """The drawn shape of each of ``problem``'s parameters that declares one, by parameter name."""
    tables = problem.inputs or {}
    params = problem.function.params
    out: dict[str, DeclaredShape] = {}
    ints = [p.name for p in params if p.type == "int"]
    counter = next((name for name in ints if name.lower() in NODE_COUNT_NAMES), None)
    for param in params:
        table = tables.get(param.name) or {}
        try:
            kind = parse_type(param.name, param.type, table).kind
        except UnknownType:
            continue
        if kind == "tree":
            out[param.name] = DeclaredShape(TREE)
        elif kind == "linked":
            out[param.name] = DeclaredShape(LINKED_LIST)
        elif kind in ("edges", "adjacency") and "nodes" in table:
            named = table.get("count")
            count = named if isinstance(named, str) and named in ints else counter
            directed = table.get("directed")
            edge_list = kind == "edges"
            lowest = table.get("min")
            out[param.name] = DeclaredShape(
                GRAPH, count if edge_list else None, directed if isinstance(directed, bool) else None, edge_list,
                1 if lowest == 1 else 0,
            )  # fmt: skip
    return out
