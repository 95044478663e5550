"""One-line planted bugs with their line known: mutants of a reference solution for measuring fault
localization (``benchmarks/fault_localization.py``).

Unlike ``tests/mutation.py`` (whose Python mutants are written back through ``ast.unparse``), each
bug here is an edit of the source's own text on one line, so the rest of the code keeps its lines
and the bug's line is known. Python sites come from ``ast`` node positions (the node's text on its
line is replaced by the mutated node's text); JavaScript's from tree-sitter's byte positions.

Operators: a comparison flipped (``<`` and ``<=``, ``==`` and ``!=``), a constant one more, ``+``
and ``-`` swapped, ``and`` and ``or`` swapped, ``min`` and ``max`` swapped, a wrong variable (a
name read replaced by another of the function's names), a wrong index (``a[i]`` read as
``a[i + 1]``), two arguments swapped, a base case's value changed, and a missing update (an
augmented assignment replaced by ``pass`` / an empty statement).
"""

from __future__ import annotations

import ast
import copy
import random
from collections.abc import Callable
from dataclasses import dataclass

OPERATORS = (
    "comparison_flipped",
    "constant_plus_one",
    "plus_minus_swapped",
    "and_or_swapped",
    "min_max_swapped",
    "wrong_variable",
    "wrong_index",
    "arguments_swapped",
    "base_case",
    "missing_update",
)
_FLIP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}


@dataclass(frozen=True)
class PlantedBug:
    operator: str
    line: int  # 1-based line of the bug in ``code`` (the same line as in the reference)
    code: str
    original_line: str
    planted_line: str


# ---------------------------------------------------------------------- Python


def _int(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _names_of(function: ast.AST) -> list[str]:
    names = {a.arg for a in ast.walk(function) if isinstance(a, ast.arg)}
    names |= {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return sorted(names)


def _python_sites(tree: ast.Module) -> list[tuple[str, ast.AST, Callable[[ast.AST], ast.AST | None]]]:
    """(operator, node, change): ``change`` takes a copy of the node and returns the mutated node
    (or None for a statement replaced by ``pass``)."""
    sites: list[tuple[str, ast.AST, Callable[[ast.AST], ast.AST | None]]] = []
    functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
    scope_names = {id(n): _names_of(f) for f in functions for n in ast.walk(f)}
    for node in ast.walk(tree):
        if isinstance(node, ast.If):  # the returns under it are each on one line
            for statement in node.body:
                if isinstance(statement, ast.Return) and isinstance(statement.value, ast.Constant):
                    if type(statement.value.value) in (int, bool) and statement.lineno == statement.end_lineno:
                        sites.append(("base_case", statement, _base_case))
        if getattr(node, "lineno", None) is None or node.lineno != getattr(node, "end_lineno", None):
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in _FLIP:
                    sites.append(("comparison_flipped", node, lambda n, i=i: _set_op(n, i)))
            for i, c in enumerate(node.comparators):
                if _int(c):
                    sites.append(("constant_plus_one", node, lambda n, i=i: _bump(n.comparators[i], n)))
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
            sites.append(("plus_minus_swapped", node, _swap_sign))
            for side in ("left", "right"):
                if _int(getattr(node, side)):
                    sites.append(("constant_plus_one", node, lambda n, side=side: _bump(getattr(n, side), n)))
        elif isinstance(node, ast.BoolOp):
            sites.append(("and_or_swapped", node, _swap_bool))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("min", "max"):
                sites.append(("min_max_swapped", node, _swap_min_max))
            elif node.func.id == "range" and node.args:
                sites.append(("constant_plus_one", node, _range_short))
            if len(node.args) >= 2 and ast.dump(node.args[0]) != ast.dump(node.args[1]):
                sites.append(("arguments_swapped", node, _swap_args))
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and id(node) in scope_names:
            others = [n for n in scope_names[id(node)] if n != node.id]
            if node.id in scope_names[id(node)] and others:
                sites.append(("wrong_variable", node, lambda n, others=others: _rename(n, others)))
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.slice, ast.Name):
            sites.append(("wrong_index", node, _next_index))
        elif isinstance(node, ast.AugAssign):
            sites.append(("missing_update", node, lambda n: None))
    return sites


def _set_op(node: ast.AST, i: int) -> ast.AST:
    assert isinstance(node, ast.Compare)
    node.ops[i] = _FLIP[type(node.ops[i])]()
    return node


def _bump(constant: ast.AST, node: ast.AST) -> ast.AST:
    assert isinstance(constant, ast.Constant)
    constant.value += 1
    return node


def _swap_sign(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.BinOp)
    node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
    return node


def _swap_bool(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.BoolOp)
    node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    return node


def _swap_min_max(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    node.func.id = "max" if node.func.id == "min" else "min"
    return node


def _range_short(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.Call)
    index = 1 if len(node.args) >= 2 else 0
    node.args[index] = ast.BinOp(node.args[index], ast.Sub(), ast.Constant(1))
    return node


def _swap_args(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.Call)
    node.args[0], node.args[1] = node.args[1], node.args[0]
    return node


def _rename(node: ast.AST, others: list[str]) -> ast.AST:
    assert isinstance(node, ast.Name)
    node.id = others[sum(map(ord, node.id)) % len(others)]  # a fixed choice: the corpus is the same each time
    return node


def _next_index(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.Subscript)
    node.slice = ast.BinOp(node.slice, ast.Add(), ast.Constant(1))
    return node


def _base_case(node: ast.AST) -> ast.AST:
    assert isinstance(node, ast.Return) and isinstance(node.value, ast.Constant)
    value = node.value.value
    node.value.value = (not value) if isinstance(value, bool) else value + 1
    return node


def python_bugs(source: str) -> list[PlantedBug]:
    """Every one-line planted bug of ``source`` (Python) that still parses, in source order."""
    lines = source.splitlines(keepends=True)
    out: list[PlantedBug] = []
    for operator, node, change in _python_sites(ast.parse(source)):
        line = node.lineno  # type: ignore[attr-defined]
        raw = lines[line - 1].encode("utf-8")
        start, end = node.col_offset, node.end_col_offset  # type: ignore[attr-defined]
        changed = change(copy.deepcopy(node))
        text = "pass" if changed is None else ast.unparse(changed)
        if isinstance(changed, ast.BinOp | ast.BoolOp) and raw[start - 1 : start] != b"(":
            text = f"({text})"  # the node may sit inside a tighter operator
        new_line = (raw[:start] + text.encode("utf-8") + raw[end:]).decode("utf-8")
        if new_line == lines[line - 1]:
            continue
        code = "".join([*lines[: line - 1], new_line, *lines[line:]])
        try:
            ast.parse(code)
        except SyntaxError:
            continue
        out.append(PlantedBug(operator, line, code, lines[line - 1].rstrip("\n"), new_line.rstrip("\n")))
    return out


# ---------------------------------------------------------------------- JavaScript


def javascript_bugs(source: str) -> list[PlantedBug]:
    """One-line planted bugs of ``source`` (JavaScript), through tree-sitter's byte positions."""
    from tests.mutation import _javascript_parser, _walk

    data = source.encode("utf-8")
    tree = _javascript_parser().parse(data)
    edits: list[tuple[str, int, int, bytes]] = []
    flips = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "===": "!==", "!==": "==="}
    for node in _walk(tree.root_node):
        if node.start_point[0] != node.end_point[0]:
            continue
        if node.type == "binary_expression":
            op = node.child_by_field_name("operator")
            text = op.text.decode() if op is not None else ""
            if op is not None and text in flips:
                edits.append(("comparison_flipped", op.start_byte, op.end_byte, flips[text].encode()))
            elif op is not None and text in ("+", "-"):
                edits.append(("plus_minus_swapped", op.start_byte, op.end_byte, b"-" if text == "+" else b"+"))
            elif op is not None and text in ("&&", "||"):
                edits.append(("and_or_swapped", op.start_byte, op.end_byte, b"||" if text == "&&" else b"&&"))
        elif node.type == "number" and node.parent is not None and node.parent.type == "binary_expression":
            try:
                value = int(node.text.decode())
            except ValueError:
                continue
            edits.append(("constant_plus_one", node.start_byte, node.end_byte, str(value + 1).encode()))
        elif node.type == "member_expression" and node.text.decode() in ("Math.min", "Math.max"):
            other = b"Math.max" if node.text.decode() == "Math.min" else b"Math.min"
            edits.append(("min_max_swapped", node.start_byte, node.end_byte, other))
        elif node.type == "subscript_expression":
            index = node.child_by_field_name("index")
            if index is not None and index.type == "identifier":
                edits.append(("wrong_index", index.start_byte, index.end_byte, index.text + b" + 1"))
        elif node.type == "augmented_assignment_expression" and node.parent is not None:
            if node.parent.type == "expression_statement":
                edits.append(("missing_update", node.parent.start_byte, node.parent.end_byte, b";"))
    out = []
    lines = source.splitlines()
    for operator, start, end, replacement in edits:
        code = (data[:start] + replacement + data[end:]).decode("utf-8")
        line = data[:start].count(b"\n") + 1
        if code != source:
            out.append(PlantedBug(operator, line, code, lines[line - 1], code.splitlines()[line - 1]))
    return out


def planted_bugs(source: str, language: str) -> list[PlantedBug]:
    return python_bugs(source) if language == "python" else javascript_bugs(source)


def sample(bugs: list[PlantedBug], count: int, seed: str) -> list[PlantedBug]:
    """All the bugs in an order fixed by ``seed`` (a string, so that the order does not depend on
    Python's hash seed), taking the operators in turn for variety; the first ``count`` of them."""
    rng = random.Random(seed)
    by_operator: dict[str, list[PlantedBug]] = {}
    for bug in sorted(bugs, key=lambda b: (b.operator, b.line, b.code)):
        by_operator.setdefault(bug.operator, []).append(bug)
    operators = sorted(by_operator)
    rng.shuffle(operators)
    for group in by_operator.values():
        rng.shuffle(group)
    ordered: list[PlantedBug] = []
    while any(by_operator.values()):
        for operator in operators:
            if by_operator[operator]:
                ordered.append(by_operator[operator].pop(0))
    return ordered[:count] if count else ordered
