"""Mermaid text: shared helpers (labels, highlight classes) and the structures as flowcharts.

Every label is quoted and escaped with Mermaid's entity codes, so learner data (quotes, brackets,
``#``, arrows) cannot break the diagram. The tests check the output with the official parser.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Cells, Graph, HashMap, LinkedList, Matrix, Structure, Tree, render_with

HIGHLIGHT_CLASS = "classDef hl fill:#ffd54f,stroke:#f57f17,stroke-width:2px"
POINTER_CLASS = "classDef ptr fill:#e3f2fd,stroke:#1e88e5,color:#0d47a1"
MUTED_CLASS = "classDef more fill:#ffffff,stroke:#90a4ae,stroke-dasharray:4 3,color:#607d8b"
_ENTITIES = {'"': "#quot;", "#": "#35;", "<": "#lt;", ">": "#gt;", "\\": "#92;", "`": "#96;"}


def text(value: str) -> str:
    """A quoted Mermaid label."""
    out = "".join(_ENTITIES.get(char, char) for char in " ".join(str(value).split()))
    return f'"{out}"' if out else '" "'


def comment(value: str) -> str:
    return "%% " + " ".join(value.replace("%%", "%").split())


def classes(lines: list[str], highlighted: list[str], muted: Sequence[str] = (), pointers: Sequence[str] = ()) -> None:
    """Append class definitions and assignments for what is highlighted, cut or a pointer."""
    if highlighted:
        lines += ["    " + HIGHLIGHT_CLASS, f"    class {','.join(highlighted)} hl"]
    if muted:
        lines += ["    " + MUTED_CLASS, f"    class {','.join(muted)} more"]
    if pointers:
        lines += ["    " + POINTER_CLASS, f"    class {','.join(pointers)} ptr"]


def render(structure: Structure) -> str:
    return render_with(
        structure,
        {Cells: _cells, Tree: _tree, Graph: _graph, LinkedList: _linked_list, Matrix: _matrix, HashMap: _hash_map},
    )


def _cells(cells: Cells) -> str:
    direction = "TB" if cells.kind == "stack" else "LR"
    lines = [f"flowchart {direction}", "    " + comment(f"{cells.kind}: {cells.total} items")]
    order = list(range(len(cells.labels)))
    if cells.kind == "stack":
        order.reverse()  # the top first
    marked, muted, ids = [], [], []
    for index in order:
        position = cells.positions[index]
        node = f"c{index}"
        ids.append(node)
        if position is None:
            lines.append(f"    {node}[{text('…')}]")
            muted.append(node)
            continue
        lines.append(f"    {node}[{text(f'{position}: {cells.labels[index]}')}]")
        if position in cells.highlights:
            marked.append(node)
    if not ids:
        lines.append(f"    empty[{text(f'(empty {cells.kind})')}]")
    for a, b in zip(ids, ids[1:], strict=False):
        lines.append(f"    {a} --- {b}")
    pointer_nodes = []
    where = {p: i for i, p in enumerate(cells.positions) if p is not None}
    if cells.kind == "stack" and ids:
        lines += [f"    top([{text('top')}]) --> {ids[0]}"]
        pointer_nodes.append("top")
    if cells.kind == "queue" and ids:
        lines += [f"    front([{text('front')}]) --> {ids[0]}", f"    back([{text('back')}]) --> {ids[-1]}"]
        pointer_nodes += ["front", "back"]
    for number, (name, index) in enumerate(sorted(cells.pointers.items())):
        if index in where:
            lines.append(f"    p{number}([{text(name)}]) -.-> c{where[index]}")
            pointer_nodes.append(f"p{number}")
    shown = len([p for p in cells.positions if p is not None])
    if shown < cells.total:
        lines.append(f"    summary[{text(f'{cells.total:,} items, {shown} shown')}]")
        muted.append("summary")
    classes(lines, marked, muted, pointer_nodes)
    return "\n".join(lines)


def _tree(tree: Tree) -> str:
    lines = ["flowchart TD", "    " + comment(f"tree: {tree.total} nodes")]
    if tree.root is None:
        lines.append(f"    empty[{text('(empty tree)')}]")
        return "\n".join(lines)
    for node, label in tree.labels.items():
        lines.append(f"    n{node}(({text(label)}))")
    muted = []
    for parent, kids in tree.children.items():
        present = [k for k in kids if k is not None]
        for index, kid in enumerate(kids):
            if kid is None:
                continue
            side = ("L" if index == 0 else "R") if tree.binary and len(present) == 1 else ""
            lines.append(f"    n{parent} -->|{side}| n{kid}" if side else f"    n{parent} --> n{kid}")
        if parent in tree.cut:
            lines.append(f"    n{parent} -.-> more{parent}[{text('…')}]")
            muted.append(f"more{parent}")
    if tree.total > len(tree.labels):
        lines.append(f"    summary[{text(f'{tree.total:,} nodes, {len(tree.labels)} shown')}]")
        muted.append("summary")
    classes(lines, [f"n{n}" for n in sorted(tree.highlights)], muted)
    return "\n".join(lines)


def _graph(graph: Graph) -> str:
    lines = ["flowchart LR", "    " + comment(f"graph: {graph.total_nodes} nodes, {graph.total_edges} edges")]
    ids = {name: f"g{index}" for index, name in enumerate(graph.nodes)}
    for name, node in ids.items():
        lines.append(f"    {node}(({text(name)}))")
    if not ids:
        lines.append(f"    empty[{text('(empty graph)')}]")
    link = "-->" if graph.directed else "---"
    marked_links = []
    for number, (a, b, weight) in enumerate(graph.edges):
        label = f"|{text(weight)}|" if weight is not None else ""
        lines.append(f"    {ids[a]} {link}{label} {ids[b]}")
        if (a, b) in graph.highlight_edges or (not graph.directed and (b, a) in graph.highlight_edges):
            marked_links.append(str(number))
    muted = []
    if graph.total_nodes > len(graph.nodes) or graph.total_edges > len(graph.edges):
        lines.append(f"    summary[{text(f'{len(graph.nodes)} of {graph.total_nodes} nodes shown')}]")
        muted.append("summary")
    classes(lines, [ids[n] for n in graph.nodes if n in graph.highlights], muted)
    if marked_links:
        lines.append(f"    linkStyle {','.join(marked_links)} stroke:#f57f17,stroke-width:3px")
    return "\n".join(lines)


def _linked_list(chain: LinkedList) -> str:
    lines = ["flowchart LR", "    " + comment(f"linked list: {chain.total} nodes")]
    ids = [f"l{i}" for i in range(len(chain.labels))]
    muted = []
    for node, label in zip(ids, chain.labels, strict=False):
        lines.append(f"    {node}[{text(label)}]")
        if label == "…" and chain.cut:
            muted.append(node)
    for a, b in zip(ids, ids[1:], strict=False):
        lines.append(f"    {a} --> {b}")
    if chain.cycle_to is not None and ids:
        lines.append(f"    {ids[-1]} -->|{text('cycle')}| {ids[chain.cycle_to]}")
    else:
        lines.append(f"    none([{text('None')}])")
        if ids:
            lines.append(f"    {ids[-1]} --> none")
    pointer_nodes = []
    for number, (name, index) in enumerate(sorted(chain.pointers.items())):
        if 0 <= index < len(ids):
            lines.append(f"    p{number}([{text(name)}]) -.-> {ids[index]}")
            pointer_nodes.append(f"p{number}")
    classes(lines, [ids[i] for i in sorted(chain.highlights) if i < len(ids)], muted, pointer_nodes)
    return "\n".join(lines)


def _matrix(grid: Matrix) -> str:
    columns = len(grid.col_positions) + 1
    lines = ["block-beta", f"    columns {columns}"]
    header = ['    corner[" "]'] + [
        f"    h{j}[{text('…' if c is None else str(c))}]" for j, c in enumerate(grid.col_positions)
    ]
    lines += header
    marked = []
    for i, (r, row) in enumerate(zip(grid.row_positions, grid.cells, strict=False)):
        lines.append(f"    r{i}[{text('…' if r is None else str(r))}]")
        for j, (c, label) in enumerate(zip(grid.col_positions, row, strict=False)):
            lines.append(f"    m{i}_{j}[{text(label)}]")
            if (r, c) in grid.highlights:
                marked.append(f"m{i}_{j}")
    if marked:
        lines += ["    " + HIGHLIGHT_CLASS, f"    class {','.join(marked)} hl"]
    return "\n".join(lines)


def _hash_map(table: HashMap) -> str:
    lines = ["flowchart LR", "    " + comment(f"hash map: {table.total} entries")]
    if not table.entries:
        lines.append(f"    empty[{text('(empty map)')}]")
    marked = []
    for index, (key, value) in enumerate(table.entries):
        lines.append(f"    k{index}[{text(key)}] --> v{index}[{text(value)}]")
        if index in table.highlights:
            marked.append(f"k{index}")
    muted = []
    if table.total > len(table.entries):
        lines.append(f"    summary[{text(f'{table.total:,} entries, {len(table.entries)} shown')}]")
        muted.append("summary")
    classes(lines, marked, muted)
    return "\n".join(lines)
