"""Structures as monospace text, readable in a chat bubble: boxes for cells, branches for trees.

Highlighted items are written ``*x*``; named pointers stand under the cells they point at; a cut
is shown where it happened (``…``) and summarized on the last line.
"""

from __future__ import annotations

from .model import Cells, Graph, HashMap, LinkedList, Matrix, Structure, Tree, render_with

MAX_TREE_WIDTH = 100


def render(structure: Structure) -> str:
    return render_with(
        structure,
        {Cells: _cells, Tree: _tree, Graph: _graph, LinkedList: _linked_list, Matrix: _matrix, HashMap: _hash_map},
    )


def _cells(cells: Cells) -> str:
    return _stack(cells) if cells.kind == "stack" else _row(cells)


def _mark(text: str, on: bool) -> str:
    return f"*{text}*" if on else text


def _pointer_lines(spans: list[tuple[int, int]], positions: list, pointers: dict[str, int]) -> list[str]:
    """A caret line and a name line under cells at ``spans`` (start column, width)."""
    where = {p: i for i, p in enumerate(positions) if p is not None}
    at: dict[int, list[str]] = {}
    for name, index in pointers.items():
        if index in where:
            at.setdefault(where[index], []).append(name)
    if not at:
        return []
    carets = [" "] * (max(s + w for s, w in spans) + 20)
    names = list(carets)
    for cell, labels in sorted(at.items()):
        start, width = spans[cell]
        middle = start + width // 2
        carets[middle] = "^"
        text = ",".join(labels)
        begin = max(0, middle - len(text) // 2)
        for offset, char in enumerate(text):
            if begin + offset < len(names):
                names[begin + offset] = char
    return ["".join(carets).rstrip(), "".join(names).rstrip()]


def _outside(structure: Cells | LinkedList, count: int) -> list[str]:
    notes = []
    for name, index in sorted(structure.pointers.items()):
        if not 0 <= index < count:
            notes.append(f"{name} = {index} (outside the {count} items)")
    return notes


def _row(cells: Cells) -> str:
    if not cells.labels:
        body = ("front -> " if cells.kind == "queue" else "") + "(empty)"
        return "\n".join([body + (" <- back" if cells.kind == "queue" else ""), *_footer(cells)])
    shown = [_mark(t, p in cells.highlights) for t, p in zip(cells.labels, cells.positions, strict=False)]
    widths = [
        max(len(t), len(str(p)) if p is not None else 1) + 2 for t, p in zip(shown, cells.positions, strict=False)
    ]
    # Rows of cells no wider than a chat bubble.
    chunks: list[list[int]] = [[]]
    used = 0
    for index, width in enumerate(widths):
        if chunks[-1] and used + width + 1 > MAX_TREE_WIDTH - 10:
            chunks.append([])
            used = 0
        chunks[-1].append(index)
        used += width + 1
    lines: list[str] = []
    for number, chunk in enumerate(chunks):
        first, last = number == 0, number == len(chunks) - 1
        prefix = ("front -> " if first else "         ") if cells.kind == "queue" else ""
        pad = " " * len(prefix)
        w = [widths[i] for i in chunk]
        positions = [cells.positions[i] for i in chunk]
        border = pad + "+" + "+".join("-" * x for x in w) + "+"
        lines.append(
            (
                pad
                + " "
                + " ".join(("" if p is None else str(p)).center(x) for p, x in zip(positions, w, strict=False))
            ).rstrip()
        )
        lines.append(border)
        body = prefix + "|" + "|".join(shown[i].center(widths[i]) for i in chunk) + "|"
        lines.append(body + (" <- back" if cells.kind == "queue" and last else ""))
        lines.append(border)
        spans = []
        column = len(pad) + 1
        for x in w:
            spans.append((column, x))
            column += x + 1
        lines += _pointer_lines(spans, positions, cells.pointers)
        if not last:
            lines.append("")
    return "\n".join(lines + _footer(cells))


def _stack(cells: Cells) -> str:
    if not cells.labels:
        return "\n".join(["(empty stack)", *_footer(cells)])
    width = max(len(_mark(t, True)) for t in cells.labels) + 2
    lines = []
    pointer_at: dict[int, list[str]] = {}
    for name, index in cells.pointers.items():
        pointer_at.setdefault(index, []).append(name)
    top = len(cells.labels) - 1
    for row in range(top, -1, -1):
        position = cells.positions[row]
        text = _mark(cells.labels[row], position in cells.highlights)
        left = "top -> " if row == top else " " * 7
        note = f"  [{position}]" if position is not None else ""
        names = pointer_at.get(position) if position is not None else None
        if names:
            note += "  <- " + ",".join(names)
        lines.append(f"{left}|{text.center(width)}|{note}")
    lines.append(" " * 7 + "+" + "-" * width + "+")
    return "\n".join(lines + _footer(cells))


def _footer(structure: Cells | LinkedList) -> list[str]:
    notes = []
    count = structure.total
    if isinstance(structure, Cells) and count > len([p for p in structure.positions if p is not None]):
        notes.append(f"({count:,} items, {len([p for p in structure.positions if p is not None])} shown)")
    if isinstance(structure, LinkedList) and structure.cut:
        notes.append(f"({count:,} nodes, {len(structure.labels) - 1} shown)")
    if structure.highlights:
        notes.append("*x* = highlighted")
    return notes + _outside(structure, count)


def _tree(tree: Tree) -> str:
    if tree.root is None:
        return "(empty tree)"
    lines = _tree_box(tree, tree.root)[0] if tree.binary else []
    if not lines or max(len(line) for line in lines) > MAX_TREE_WIDTH:
        lines = _outline(tree)
    lines = [line.rstrip() for line in lines if line.strip()]
    notes = []
    if tree.total > len(tree.labels):
        notes.append(f"({tree.total:,} nodes, {len(tree.labels)} shown; … marks hidden children)")
    elif tree.cut:
        notes.append("(… marks hidden children)")
    if tree.highlights:
        notes.append("*x* = highlighted")
    return "\n".join(lines + notes)


def _node_text(tree: Tree, node: int) -> str:
    text = _mark(tree.labels[node], node in tree.highlights)
    return text + ("…" if node in tree.cut else "")


def _tree_box(tree: Tree, node: int | None) -> tuple[list[str], int, int, int]:
    """Lines of the subtree drawn top-down, its width, and where its root label starts and ends."""
    if node is None:
        return [], 0, 0, 0
    text = _node_text(tree, node)
    kids = tree.children.get(node, []) + [None, None]
    left, left_width, left_start, left_end = _tree_box(tree, kids[0])
    right, right_width, right_start, right_end = _tree_box(tree, kids[1])
    first, second = [], []
    gap = len(text)
    if left_width:
        middle = (left_start + left_end) // 2 + 1
        first.append(" " * (middle + 1) + "_" * (left_width - middle))
        second.append(" " * middle + "/" + " " * (left_width - middle))
        start = left_width + 1
        gap += 1
    else:
        start = 0
    first.append(text)
    second.append(" " * len(text))
    if right_width:
        middle = (right_start + right_end) // 2
        first.append("_" * middle + " " * (right_width - middle + 1))
        second.append(" " * middle + "\\" + " " * (right_width - middle))
        gap += 1
    end = start + len(text) - 1
    box = ["".join(first), "".join(second)]
    for index in range(max(len(left), len(right))):
        left_line = left[index] if index < len(left) else " " * left_width
        right_line = right[index] if index < len(right) else " " * right_width
        box.append(left_line + " " * gap + right_line)
    return box, len(box[0]), start, end


def _outline(tree: Tree) -> list[str]:
    """The tree as an indented outline: always readable, however wide the tree."""

    def kids_of(node: int) -> list[int | None]:
        kids = tree.children.get(node, [])
        return [] if all(k is None for k in kids) else kids

    lines = [_node_text(tree, tree.root)] if tree.root is not None else []
    kids = kids_of(tree.root) if tree.root is not None else []
    stack = [(kid, "", index, len(kids)) for index, kid in reversed(list(enumerate(kids)))]
    while stack:
        node, indent, index, count = stack.pop()
        last = index == count - 1
        branch = "└── " if last else "├── "
        side = ("L " if index == 0 else "R ") if tree.binary else ""
        if node is None:
            lines.append(indent + branch + side + "(none)")
            continue
        lines.append(indent + branch + side + _node_text(tree, node))
        deeper = indent + ("    " if last else "│   ")
        kids = kids_of(node)
        stack.extend((kid, deeper, i, len(kids)) for i, kid in reversed(list(enumerate(kids))))
    return lines


def _graph(graph: Graph) -> str:
    kind = "directed" if graph.directed else "undirected"
    lines = [f"{kind} graph: {graph.total_nodes} nodes, {graph.total_edges} edges"]
    if not graph.nodes:
        return lines[0]
    arrow = "->" if graph.directed else "--"
    out: dict[str, list[str]] = {n: [] for n in graph.nodes}
    for a, b, weight in graph.edges:
        marked = (a, b) in graph.highlight_edges or (not graph.directed and (b, a) in graph.highlight_edges)
        ends = [(a, b)] if graph.directed or a == b else [(a, b), (b, a)]
        for source, target in ends:
            shown = _mark(target, target in graph.highlights) + (f" ({weight})" if weight is not None else "")
            out[source].append(f"=={shown}==" if marked else shown)
    width = max(len(_mark(n, n in graph.highlights)) for n in graph.nodes)
    for node in graph.nodes:
        neighbours = ", ".join(out[node]) if out[node] else "(none)"
        lines.append(f"{_mark(node, node in graph.highlights).ljust(width)} {arrow} {neighbours}")
    if graph.total_nodes > len(graph.nodes) or graph.total_edges > len(graph.edges):
        lines.append(f"({len(graph.nodes)} of {graph.total_nodes} nodes and {len(graph.edges)} of "
                     f"{graph.total_edges} edges shown)")  # fmt: skip
    if graph.highlights or graph.highlight_edges:
        lines.append("*x* = highlighted node, ==x== = highlighted edge")
    return "\n".join(lines)


def _linked_list(chain: LinkedList) -> str:
    if not chain.labels:
        return "None  (empty list)"
    tokens = [
        "…" if text == "…" and chain.cut else f"[{_mark(text, index in chain.highlights)}]"
        for index, text in enumerate(chain.labels)
    ]
    tail = f"(back to {chain.labels[chain.cycle_to]}, node {chain.cycle_to})" if chain.cycle_to is not None else "None"
    # Lines no wider than a chat bubble; each continues with "->".
    groups: list[list[int]] = [[]]
    used = 0
    for index, token in enumerate(tokens):
        if groups[-1] and used + len(token) + 4 > MAX_TREE_WIDTH - 10:
            groups.append([])
            used = 3
        groups[-1].append(index)
        used += len(token) + 4
    lines: list[str] = []
    for number, group in enumerate(groups):
        lead = "" if number == 0 else "-> "
        spans = []
        column = len(lead)
        for index in group:
            spans.append((column, len(tokens[index])))
            column += len(tokens[index]) + 4
        text = lead + " -> ".join(tokens[i] for i in group) + " ->"
        lines.append(text + (" " + tail if number == len(groups) - 1 else ""))
        lines += _pointer_lines(spans, group, chain.pointers)
    if chain.cycle_to is not None:
        lines.append("(a cycle: the last node points back)")
    return "\n".join(lines + _footer(chain))


def _matrix(grid: Matrix) -> str:
    if not grid.cells or not grid.col_positions:
        return f"(empty matrix: {grid.rows} rows, {grid.cols} columns)"
    width = max(len(_mark(c, True)) for row in grid.cells for c in row) if grid.cells else 1
    width = max(width, max(len(str(c)) for c in grid.col_positions if c is not None))
    row_label = max(len(str(r)) for r in grid.row_positions if r is not None)
    header = " " * (row_label + 1) + " ".join(("" if c is None else str(c)).rjust(width) for c in grid.col_positions)
    lines = [header]
    for r, row in zip(grid.row_positions, grid.cells, strict=False):
        cells = []
        for c, text in zip(grid.col_positions, row, strict=False):
            cells.append(_mark(text, (r, c) in grid.highlights).rjust(width))
        lines.append(("…" if r is None else str(r)).rjust(row_label) + " " + " ".join(cells))
    if (
        len([r for r in grid.row_positions if r is not None]) < grid.rows
        or len([c for c in grid.col_positions if c is not None]) < grid.cols
    ):
        lines.append(f"({grid.rows} x {grid.cols}; … marks rows or columns not shown)")
    if grid.highlights:
        lines.append("*x* = highlighted")
    return "\n".join(lines)


def _hash_map(table: HashMap) -> str:
    if not table.entries:
        return "{}  (empty map)"
    keys = [_mark(k, i in table.highlights) for i, (k, _) in enumerate(table.entries)]
    width = max(3, *(len(k) for k in keys))
    value_width = max(5, *(len(v) for _, v in table.entries))
    lines = ["key".ljust(width) + " | value", "-" * width + "-+-" + "-" * value_width]
    lines += [k.ljust(width) + " | " + v for k, (_, v) in zip(keys, table.entries, strict=False)]
    if table.total > len(table.entries):
        lines.append(f"({table.total:,} entries, {len(table.entries)} shown)")
    if table.highlights:
        lines.append("*x* = highlighted")
    return "\n".join(lines)
