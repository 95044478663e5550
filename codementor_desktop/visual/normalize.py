"""From data (a list, a dict, nodes from a trace) to a drawable model; ``auto`` recognizes the shape.

Recognized shapes: a level-order list with ``None`` holes (a binary tree), node objects with
``left``/``right`` (a tree) or ``next`` (a linked list), an adjacency dict or list, an edge list
(a graph), a list of equal rows (a matrix) and a plain dict (a hash map). Large inputs are cut to
a drawable size here, and the model keeps the full size for the "N shown of M" marker.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from .model import Cells, Graph, HashMap, LinkedList, Matrix, Structure, Tree, label
from .replay import Node


@dataclass(frozen=True)
class Budget:
    """How much of a structure one format draws; the rest is cut with a marker."""

    cells: int = 30
    tree_nodes: int = 63
    tree_depth: int = 6
    graph_nodes: int = 40
    graph_edges: int = 120
    list_nodes: int = 30
    matrix_side: int = 16
    map_entries: int = 40


BUDGETS = {
    "ascii": Budget(
        cells=24,
        tree_nodes=31,
        tree_depth=5,
        graph_nodes=25,
        graph_edges=60,
        list_nodes=20,
        matrix_side=12,
        map_entries=30,
    ),  # fmt: skip
    "svg": Budget(cells=40),
    "mermaid": Budget(),
}
MAX_WALK = 200_000  # nodes followed at most in a chain or a tree (cycles, enormous inputs)
VALUE_KEYS = ("val", "value", "data", "key", "name")


class StructureError(ValueError):
    """The data cannot be drawn as the requested structure; the message says why."""


def fields_of(obj: Any) -> dict | None:
    """The fields of a node-like object (a trace Node, or a dict with val/left/right/next)."""
    if isinstance(obj, Node):
        return obj.fields
    if (
        isinstance(obj, dict)
        and any(k in obj for k in VALUE_KEYS)
        and any(k in obj for k in ("left", "right", "next", "children"))
    ):
        return obj
    return None


def node_label(fields: dict) -> str:
    for key in VALUE_KEYS:
        if key in fields:
            return label(fields[key])
    return "?"


def detect(data: Any) -> str:
    """The structure_type that ``auto`` picks for ``data``."""
    fields = fields_of(data)
    if fields is not None:
        if "next" in fields:
            return "linked_list"
        return "tree"
    if isinstance(data, dict):
        if set(data) >= {"nodes", "edges"} or (set(data) >= {"edges"} and isinstance(data["edges"], list)):
            return "graph"
        if data and _is_adjacency_dict(data):
            return "graph"
        return "hash_map"
    if isinstance(data, str):
        return "array"
    if isinstance(data, (list, tuple)):
        items = list(data)
        if items and all(isinstance(row, (list, tuple)) for row in items):
            return _rows_kind(items)
        if (
            items
            and all(isinstance(row, str) and len(row) > 1 for row in items)
            and len({len(r) for r in items}) == 1
            and len(items) > 1
        ):
            return "matrix"
        if len(items) > 2 and items[0] is not None and None in items[1:]:
            return "tree"
        if items and "next" in (fields_of(items[0]) or {}):
            return "linked_list"
        return "array"
    return "array"


def _is_adjacency_dict(data: dict) -> bool:
    keys = {str(k) for k in data}
    for value in data.values():
        if isinstance(value, dict):
            if not all(isinstance(w, (int, float)) for w in value.values()):
                return False
            names = [str(k) for k in value]
        elif isinstance(value, (list, tuple, set)):
            names = [str(v[0]) if isinstance(v, (list, tuple)) and v else str(v) for v in value]
        else:
            return False
        if any(name not in keys and not name.lstrip("-").isdigit() for name in names):
            return False
    return True


def _rows_kind(rows: list) -> str:
    lengths = {len(row) for row in rows}
    scalars = all(not isinstance(v, (list, tuple, dict)) for row in rows for v in row)
    if not scalars:
        return "matrix"
    width = next(iter(lengths))
    if len(lengths) == 1 and width in (2, 3) and len(rows) > width and all(_pair(row) for row in rows):
        return "graph"  # an edge list: [[0, 1], [1, 2], [2, 0]] or [[u, v, weight], ...]
    if len(lengths) > 1:
        n = len(rows)
        if all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n for row in rows for v in row):
            return "graph"  # an adjacency list: rows[i] holds i's neighbours
    return "matrix"


def _pair(row: list | tuple) -> bool:
    return len(row) == 2 or (len(row) == 3 and isinstance(row[2], (int, float)) and not isinstance(row[2], bool))


def normalize(
    kind: str,
    data: Any,
    highlights: list[int],
    pointers: dict[str, int],
    nodes: list,
    edges: list,
    budget: Budget = Budget(),
) -> Structure:
    """The model of ``data`` drawn as ``kind`` (already resolved from ``auto``), cut to ``budget``."""
    if kind in ("array", "stack", "queue"):
        return cells(kind, data, highlights, pointers, budget)
    if kind == "tree":
        return tree(data, highlights, nodes, budget)
    if kind == "graph":
        return graph(data, nodes, edges, highlights, budget)
    if kind == "linked_list":
        return linked_list(data, highlights, pointers, budget)
    if kind == "matrix":
        return matrix(data, highlights, budget)
    if kind == "hash_map":
        return hash_map(data, highlights, nodes, budget)
    raise StructureError(f"Unknown structure type {kind!r}.")


def _sequence(data: Any, kind: str) -> list:
    if isinstance(data, str):
        return list(data)
    if isinstance(data, dict):
        raise StructureError(f"A {kind} is drawn from a list; this is a dict (try 'hash_map' or 'graph').")
    if isinstance(data, (list, tuple, set, frozenset)):
        return list(data)
    return [data]


def window(total: int, focus: list[int], limit: int, head: int, tail: int) -> list[int | None]:
    """Which positions to show of ``total``: the start, the end and around ``focus``; None = gap."""
    if total <= limit:
        return list(range(total))
    keep = set(range(min(head, total))) | set(range(max(0, total - tail), total))
    for spot in sorted(set(focus))[:6]:
        if 0 <= spot < total:
            keep |= set(range(max(0, spot - 2), min(total, spot + 3)))
    out: list[int | None] = []
    previous = -1
    for position in sorted(keep):
        if position != previous + 1:
            out.append(None)
        out.append(position)
        previous = position
    if previous != total - 1:
        out.append(None)
    return out


def cells(kind: str, data: Any, highlights: list[int], pointers: dict[str, int], budget: Budget = Budget()) -> Cells:
    items = _sequence(data, kind)
    total = len(items)
    focus = list(highlights) + list(pointers.values())
    head, tail = budget.cells // 3, budget.cells // 6
    if kind == "stack":
        head, tail = tail, head  # the top of a stack (its end) matters most
    shown = window(total, focus, budget.cells, head, tail)
    labels = ["…" if p is None else label(items[p]) for p in shown]
    return Cells(kind, labels, shown, total, set(highlights), dict(pointers))


def tree(data: Any, highlights: list[int], nodes: list, budget: Budget = Budget()) -> Tree:
    """A tree from a level-order list, node objects or an adjacency dict (parent -> children)."""
    labels: dict[int, str] = {}
    children: dict[int, list[int | None]] = {}
    binary = True
    root: int | None = None
    if fields_of(data) is not None:
        root, binary = _tree_from_nodes(data, labels, children)
    elif isinstance(data, dict):
        root = _tree_from_adjacency(data, labels, children)
        binary = False
    elif isinstance(data, (list, tuple)):
        root = _tree_from_level_order(list(data), labels, children)
    elif data is not None:
        raise StructureError("A tree is drawn from a level-order list, node objects or a parent -> children dict.")
    total = len(labels)
    keep, cut = _tree_cut(root, children, budget)
    wanted = {str(n) for n in nodes}
    marked = {n for n in keep if n in set(highlights) or labels[n] in wanted}
    return Tree(
        labels={n: labels[n] for n in keep},
        children={n: [c if c in keep else None for c in children.get(n, [])] for n in keep},
        root=root,
        binary=binary,
        total=total,
        cut=cut,
        highlights=marked,
    )


def _tree_from_level_order(values: list, labels: dict, children: dict) -> int | None:
    if not values or values[0] is None:
        return None
    labels[0] = label(values[0])
    queue = deque([0])
    index = 1
    while queue and index < len(values) and index < MAX_WALK:
        parent = queue.popleft()
        pair: list[int | None] = []
        for _ in range(2):
            if index < len(values) and values[index] is not None:
                labels[index] = label(values[index])
                pair.append(index)
                queue.append(index)
            else:
                pair.append(None)
            index += 1
        children[parent] = pair
    return 0


def _tree_from_nodes(top: Any, labels: dict, children: dict) -> tuple[int, bool]:
    ids: dict[int, int] = {}
    binary = "children" not in (fields_of(top) or {})
    queue = deque([top])
    ids[id(top)] = 0
    while queue and len(ids) < MAX_WALK:
        node = queue.popleft()
        me = ids[id(node)]
        fields = fields_of(node) or {}
        labels[me] = node_label(fields)
        kids = [fields.get("left"), fields.get("right")] if binary else list(fields.get("children") or [])
        mine: list[int | None] = []
        for kid in kids:
            if fields_of(kid) is None:
                mine.append(None)
                continue
            if id(kid) not in ids:  # a node seen twice (a cycle) is drawn once
                ids[id(kid)] = len(ids)
                queue.append(kid)
                mine.append(ids[id(kid)])
            else:
                mine.append(None)
        children[me] = mine
    return 0, binary


def _tree_from_adjacency(data: dict, labels: dict, children: dict) -> int | None:
    names = {str(k): k for k in data}
    child_names = {str(c) for kids in data.values() if isinstance(kids, (list, tuple)) for c in kids}
    roots = [k for k in names if k not in child_names] or list(names)[:1]
    if not roots:
        return None
    ids: dict[str, int] = {}
    queue = deque([roots[0]])
    ids[roots[0]] = 0
    while queue and len(ids) < MAX_WALK:
        name = queue.popleft()
        labels[ids[name]] = label(name)
        kids = data.get(names.get(name, name), []) if name in names else []
        mine: list[int | None] = []
        for kid in kids if isinstance(kids, (list, tuple)) else []:
            kid_name = str(kid)
            if kid_name not in ids:
                ids[kid_name] = len(ids)
                queue.append(kid_name)
                mine.append(ids[kid_name])
        children[ids[name]] = mine
    return 0


def _tree_cut(root: int | None, children: dict, budget: Budget) -> tuple[set[int], set[int]]:
    """Nodes to draw (breadth first, depth and count bounded) and the drawn nodes with hidden children."""
    keep: set[int] = set()
    cut: set[int] = set()
    if root is None:
        return keep, cut
    queue = deque([(root, 0)])
    while queue:
        node, depth = queue.popleft()
        if len(keep) >= budget.tree_nodes or depth >= budget.tree_depth:
            continue
        keep.add(node)
        for kid in children.get(node, []):
            if kid is not None:
                queue.append((kid, depth + 1))
    for node in keep:
        if any(kid is not None and kid not in keep for kid in children.get(node, [])):
            cut.add(node)
    return keep, cut


def graph(data: Any, nodes: list, edges: list, highlights: list[int], budget: Budget = Budget()) -> Graph:
    """A graph from an adjacency dict or list, an edge list, or {"nodes": [...], "edges": [...]}."""
    names: list[str] = []
    found: list[tuple[str, str, str | None]] = []
    directed: bool | None = None
    if isinstance(data, dict) and "edges" in data and isinstance(data["edges"], list):
        names = [str(n) for n in data.get("nodes") or []]
        found = [_edge(e) for e in data["edges"] if isinstance(e, (list, tuple)) and len(e) >= 2]
        directed = bool(data.get("directed", False))
    elif isinstance(data, dict):
        names, found = _from_adjacency(data.items())
    elif isinstance(data, (list, tuple)) and data and all(isinstance(r, (list, tuple)) for r in data):
        if _edge_rows(list(data)):
            found = [_edge(r) for r in data]
            directed = False
        else:
            names, found = _from_adjacency(enumerate(data))
    elif fields_of(data) is not None:
        shape = tree(data, [], [], budget)
        labels_unique = len(set(shape.labels.values())) == len(shape.labels)
        name_of = {n: (text if labels_unique else f"{text}#{n}") for n, text in shape.labels.items()}
        names = [name_of[n] for n in shape.labels]
        found = [(name_of[p], name_of[c], None) for p, kids in shape.children.items() for c in kids if c is not None]
        directed = True
    elif data not in (None, [], {}):
        raise StructureError("A graph is drawn from an adjacency dict or list, or an edge list like [[0, 1], [1, 2]].")
    for a, b, _ in found:
        for name in (a, b):
            if name not in names:
                names.append(name)
    if directed is None:
        pairs = {(a, b) for a, b, _ in found}
        directed = not all((b, a) in pairs for a, b in pairs)
    if not directed:  # each undirected edge once
        seen: set[frozenset] = set()
        unique: list[tuple[str, str, str | None]] = []
        for a, b, w in found:
            key = frozenset((a, b))
            if key not in seen:
                seen.add(key)
                unique.append((a, b, w))
        found = unique
    wanted = [str(n) for n in nodes] + [names[i] for i in highlights if 0 <= i < len(names)]
    kept = _graph_cut(names, found, wanted, budget.graph_nodes)
    shown_edges = [e for e in found if e[0] in kept and e[1] in kept][: budget.graph_edges]
    return Graph(
        nodes=[n for n in names if n in kept],
        edges=shown_edges,
        directed=directed,
        total_nodes=len(names),
        total_edges=len(found),
        highlights={n for n in wanted if n in kept},
        highlight_edges={(str(e[0]), str(e[1])) for e in edges if isinstance(e, (list, tuple)) and len(e) >= 2},
    )


def _edge_rows(rows: list) -> bool:
    """Rows that are edges ([u, v] or [u, v, weight]) rather than neighbour lists."""
    lengths = {len(r) for r in rows}
    if lengths == {2}:
        return True
    if lengths != {3} or not all(_pair(r) for r in rows):
        return False
    n = len(rows)
    neighbour_like = all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n for r in rows for v in r)
    return not neighbour_like


def _edge(row: Any) -> tuple[str, str, str | None]:
    weight = label(row[2]) if len(row) > 2 else None
    return str(row[0]), str(row[1]), weight


def _from_adjacency(items: Any) -> tuple[list[str], list[tuple[str, str, str | None]]]:
    names: list[str] = []
    found: list[tuple[str, str, str | None]] = []
    for key, value in items:
        name = str(key)
        names.append(name)
        if isinstance(value, dict):
            found.extend((name, str(k), label(w)) for k, w in value.items())
        elif isinstance(value, (list, tuple, set)):
            for v in value:
                if isinstance(v, (list, tuple)) and len(v) == 2:
                    found.append((name, str(v[0]), label(v[1])))
                else:
                    found.append((name, str(v), None))
    return names, found


def _graph_cut(names: list[str], edges: list, wanted: list[str], limit: int) -> set[str]:
    if len(names) <= limit:
        return set(names)
    neighbours: dict[str, list[str]] = {n: [] for n in names}
    for a, b, _ in edges:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    kept: set[str] = set()
    queue = deque([n for n in wanted if n in neighbours] + names)
    while queue and len(kept) < limit:
        name = queue.popleft()
        if name in kept:
            continue
        kept.add(name)
        queue.extendleft(reversed([n for n in neighbours.get(name, []) if n not in kept]))
    return kept


def linked_list(data: Any, highlights: list[int], pointers: dict[str, int], budget: Budget = Budget()) -> LinkedList:
    """A chain of nodes (following ``next``, cycles detected) or a plain list of values."""
    values: list[str] = []
    cycle_to = None
    cut = False
    if fields_of(data) is not None or (isinstance(data, (list, tuple)) and data and fields_of(data[0]) is not None):
        node = data if fields_of(data) is not None else data[0]
        seen: dict[int, int] = {}
        while fields_of(node) is not None and len(values) < MAX_WALK:
            if id(node) in seen:
                cycle_to = seen[id(node)]
                break
            seen[id(node)] = len(values)
            fields = fields_of(node) or {}
            values.append(node_label(fields))
            node = fields.get("next")
    elif data is not None:
        values = [label(v) for v in _sequence(data, "linked list")]
    total = len(values)
    if total > budget.list_nodes:
        keep = budget.list_nodes - 4
        values = values[:keep] + ["…"] + values[-3:]
        cut = True
        if cycle_to is not None and cycle_to >= keep:
            cycle_to = len(values) - 3 + max(0, cycle_to - (total - 3))
    return LinkedList(values, total, cycle_to, set(highlights), dict(pointers), cut)


def matrix(data: Any, highlights: list[int], budget: Budget = Budget()) -> Matrix:
    """A grid from a list of rows (lists or strings); highlights are flat indices (row * cols + col)."""
    rows = [list(row) if isinstance(row, (list, tuple, str)) else [row] for row in _sequence(data, "matrix")]
    cols = max((len(r) for r in rows), default=0)
    side = budget.matrix_side
    row_positions = window(len(rows), [], side, side - 4, 3)
    col_positions = window(cols, [], side, side - 4, 3)
    cells_ = []
    for r in row_positions:
        line = []
        for c in col_positions:
            if r is None or c is None:
                line.append("…")
            else:
                line.append(label(rows[r][c], 8) if c < len(rows[r]) else "")
        cells_.append(line)
    marked = {(i // cols, i % cols) for i in highlights if cols and 0 <= i < len(rows) * cols}
    return Matrix(cells_, row_positions, col_positions, len(rows), cols, marked)


def hash_map(data: Any, highlights: list[int], keys: list, budget: Budget = Budget()) -> HashMap:
    if isinstance(data, dict):
        pairs = list(data.items())
    elif isinstance(data, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in data):
        pairs = [tuple(p) for p in data]
    elif data is None:
        pairs = []
    else:
        raise StructureError("A hash map is drawn from a dict or a list of [key, value] pairs.")
    wanted = {str(k) for k in keys}
    marked = {i for i, (k, _) in enumerate(pairs) if i in set(highlights) or str(k) in wanted}
    entries = [(label(k), label(v, 40)) for k, v in pairs[: budget.map_entries]]
    return HashMap(entries, len(pairs), {i for i in marked if i < budget.map_entries})
