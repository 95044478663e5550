"""Whether a value can be drawn as a tree, and the graph it is when it cannot (Qt-free).

The Structure tab's "as tree" draws a level-order list, node objects or a parent -> children dict.
An edge list read as a level-order list draws its pairs as nodes, and a walk over node objects
draws a node met twice once: both look like a tree and are not one. ``why_not_a_tree`` says why a
value is not a tree (networkx's ``is_arborescence``: one root, one parent each, no cycle), and
``as_graph`` gives what the graph drawing reads instead.
"""

from __future__ import annotations

from typing import Any

from ...visual.model import label
from ...visual.normalize import fields_of, node_label

MAX_NODES = 5_000  # a walk stops there: the drawing cuts far sooner


def _node_edges(top: Any) -> tuple[dict[int, str], list[tuple[int, int]]]:
    """The nodes reachable from ``top`` (by identity) and every parent -> child link between them."""
    binary = "children" not in (fields_of(top) or {})
    ids: dict[int, int] = {id(top): 0}
    labels: dict[int, str] = {}
    edges: list[tuple[int, int]] = []
    queue = [top]
    while queue and len(ids) < MAX_NODES:
        node = queue.pop(0)
        fields = fields_of(node) or {}
        me = ids[id(node)]
        labels[me] = node_label(fields)
        kids = [fields.get("left"), fields.get("right")] if binary else list(fields.get("children") or [])
        for kid in kids:
            if fields_of(kid) is None:
                continue
            if id(kid) not in ids:
                ids[id(kid)] = len(ids)
                queue.append(kid)
            edges.append((me, ids[id(kid)]))
    return labels, edges


def _adjacency_edges(data: dict) -> list[tuple[str, str]] | None:
    if not all(isinstance(kids, (list, tuple)) for kids in data.values()):
        return None
    return [(label(parent), label(kid)) for parent, kids in data.items() for kid in kids]


def why_not_a_tree(value: Any) -> str | None:
    """Why ``value`` is not a tree (in the learner's words), or None when it can be drawn as one."""
    import networkx as nx  # here: the window's start does not pay for it

    if fields_of(value) is not None:
        labels, links = _node_edges(value)
        graph = nx.DiGraph()
        graph.add_nodes_from(labels)
        graph.add_edges_from(links)
    elif isinstance(value, dict):
        pairs = _adjacency_edges(value)
        if pairs is None or not pairs:
            return None
        graph = nx.DiGraph(pairs)
    elif isinstance(value, (list, tuple)):
        if any(isinstance(item, (list, tuple, dict)) for item in value):
            return "its items are lists, as in an edge list: not a level-order tree"
        return None  # a level-order list is a tree by construction
    else:
        return None
    if graph.number_of_nodes() == 0 or nx.is_arborescence(graph):
        return None
    if not nx.is_directed_acyclic_graph(graph):
        return "it has a cycle"
    if any(degree > 1 for _, degree in graph.in_degree()):
        return "a node has two parents"
    return "it is not connected from one root"


def as_graph(value: Any) -> Any:
    """``value`` as the graph drawing reads it: node objects become their nodes and every link
    (the one back to a node met before too); an edge list or an adjacency dict is read as it is."""
    if fields_of(value) is None:
        return value
    labels, links = _node_edges(value)
    unique = len(set(labels.values())) == len(labels)
    names = {n: text if unique else f"{text}#{n}" for n, text in labels.items()}
    return {"nodes": list(names.values()), "edges": [[names[a], names[b]] for a, b in links], "directed": True}
