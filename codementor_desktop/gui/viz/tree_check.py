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


def _node_edges(top: Any) -> tuple[list[Any], list[tuple[int, int]], bool]:
    """The nodes reachable from ``top`` (by identity, in the order met), every parent -> child link
    between them, and whether a node was met twice (else the links form a tree by construction)."""
    binary = "children" not in (fields_of(top) or {})
    ids: dict[int, int] = {id(top): 0}
    nodes: list[Any] = [top]
    edges: list[tuple[int, int]] = []
    again = False
    for node in nodes:  # grows as the walk goes: breadth first
        fields = fields_of(node) or {}
        me = ids[id(node)]
        kids = [fields.get("left"), fields.get("right")] if binary else list(fields.get("children") or [])
        for kid in kids:
            if fields_of(kid) is None:
                continue
            if id(kid) in ids:
                again = True
            elif len(nodes) < MAX_NODES:
                ids[id(kid)] = len(nodes)
                nodes.append(kid)
            else:
                continue
            edges.append((me, ids[id(kid)]))
    return nodes, edges, again


def _adjacency_edges(data: dict) -> list[tuple[str, str]] | None:
    if not all(isinstance(kids, (list, tuple)) for kids in data.values()):
        return None
    return [(label(parent), label(kid)) for parent, kids in data.items() for kid in kids]


def why_not_a_tree(value: Any) -> str | None:
    """Why ``value`` is not a tree (in the learner's words), or None when it can be drawn as one."""
    import networkx as nx  # here: the window's start does not pay for it

    # A walk over node objects tells a tree without networkx (the common case, every step of a
    # scrub): networkx then says what is wrong.
    if fields_of(value) is not None:
        nodes, links, again = _node_edges(value)
        if not again:
            return None  # every node met once, from one root: a tree (networkx is not needed)
        graph = nx.DiGraph()
        graph.add_nodes_from(range(len(nodes)))
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
    nodes, links, _again = _node_edges(value)
    labels = {n: node_label(fields_of(node) or {}) for n, node in enumerate(nodes)}
    unique = len(set(labels.values())) == len(labels)
    names = {n: text if unique else f"{text}#{n}" for n, text in labels.items()}
    return {"nodes": list(names.values()), "edges": [[names[a], names[b]] for a, b in links], "directed": True}
