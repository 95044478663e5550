"""Positions of tree and graph nodes, computed with networkx here so that every view agrees.

Positions are in a unit box: ``x`` from 0 (left) to 1 (right), ``y`` from 0 (top) to 1 (bottom).
The SVG renderer scales them; the window's pyqtgraph views can use them as they are.
"""

from __future__ import annotations

from .model import Graph, Tree


def tree_positions(tree: Tree) -> dict[int, tuple[float, float]]:
    """Binary trees in in-order (a search tree reads left to right); other trees leaves first."""
    if tree.root is None:
        return {}
    import networkx as nx  # here, not at the top: it costs the window's start a second

    shape = nx.DiGraph()
    shape.add_node(tree.root)
    for parent, kids in tree.children.items():
        for order, kid in enumerate(kids):
            if kid is not None:
                shape.add_edge(parent, kid, order=order)
    depth = nx.single_source_shortest_path_length(shape, tree.root)
    column: dict[int, float] = {}
    if tree.binary:
        _in_order(tree, tree.root, column)
    else:
        for node in nx.dfs_postorder_nodes(shape, tree.root, sort_neighbors=lambda ns: sorted(ns, key=_order(tree))):
            below = [k for k in tree.children.get(node, []) if k is not None]
            column[node] = sum(column[k] for k in below) / len(below) if below else float(_next_leaf(column, tree))
    return _unit({n: (column[n], float(depth[n])) for n in column})


def _order(tree: Tree):
    rank = {kid: index for kids in tree.children.values() for index, kid in enumerate(kids) if kid is not None}
    return lambda node: rank.get(node, 0)


def _next_leaf(column: dict[int, float], tree: Tree) -> int:
    leaves = [n for n in column if not any(k is not None for k in tree.children.get(n, []))]
    return len(leaves)


def _in_order(tree: Tree, root: int, column: dict[int, float]) -> None:
    # Iterative: a degenerate tree (a chain) would exceed Python's recursion limit.
    stack: list[tuple[int, bool]] = [(root, False)]
    while stack:
        node, visited = stack.pop()
        kids = tree.children.get(node, [None, None]) + [None, None]
        if visited:
            column[node] = float(len(column))
            continue
        if kids[1] is not None:
            stack.append((kids[1], False))
        stack.append((node, True))
        if kids[0] is not None:
            stack.append((kids[0], False))


def graph_positions(graph: Graph) -> dict[str, tuple[float, float]]:
    """Forests in layers (breadth first), small cycles on a circle, the rest by springs (seeded)."""
    if not graph.nodes:
        return {}
    import networkx as nx  # here, not at the top: it costs the window's start a second

    shape = nx.DiGraph() if graph.directed else nx.Graph()
    shape.add_nodes_from(graph.nodes)
    shape.add_edges_from((a, b) for a, b, _ in graph.edges)
    plain = shape.to_undirected() if graph.directed else shape
    if len(graph.nodes) == 1:
        return {graph.nodes[0]: (0.5, 0.5)}
    if nx.is_forest(plain):
        layer: dict[str, int] = {}
        for component in nx.connected_components(plain):
            start = next(n for n in graph.nodes if n in component)
            for node, distance in nx.single_source_shortest_path_length(plain, start).items():
                layer[node] = distance
        nx.set_node_attributes(shape, layer, "layer")
        raw = nx.multipartite_layout(shape, subset_key="layer", align="horizontal")
        positions = {n: (float(x), float(y)) for n, (x, y) in raw.items()}
        return _unit(positions, flip=False)
    if len(graph.nodes) <= 10:
        raw = nx.circular_layout(shape)
    else:
        raw = nx.spring_layout(shape, seed=7, iterations=100)
    return _unit({n: (float(x), float(y)) for n, (x, y) in raw.items()})


def _unit(positions: dict, flip: bool = False) -> dict:
    if not positions:
        return {}
    xs = [p[0] for p in positions.values()]
    ys = [p[1] for p in positions.values()]
    # Once, not per node: a 1,000-node tree took 0.1 s here when the bounds were found per node.
    low_x, high_x, low_y, high_y = min(xs), max(xs), min(ys), max(ys)
    span_x = (high_x - low_x) or 1.0
    span_y = (high_y - low_y) or 1.0
    out = {}
    for node, (x, y) in positions.items():
        ux = (x - low_x) / span_x if high_x > low_x else 0.5
        uy = (y - low_y) / span_y if high_y > low_y else 0.5
        out[node] = (round(ux, 4), round(1 - uy if flip else uy, 4))
    return out
