"""Planted bugs: automatic mutants of a reference solution, for measuring the edge-case search.

Four operators, the mistakes a learner makes at the edges: a bound off by one (a constant in an
arithmetic or a comparison one more, a ``range`` stop one less), the first guard removed (the first
``if`` that returns, raises, breaks or continues), ``<`` and ``<=`` (``>`` and ``>=``) swapped,
and a base case changed (a constant returned under an ``if`` changed). Python is mutated through
``ast``; JavaScript through tree-sitter's syntax tree, with byte-exact edits of the source.
"""

from __future__ import annotations

import ast
import copy
from dataclasses import dataclass

OPERATORS = ("off_by_one", "guard_removed", "comparison_swapped", "base_case")
_SWAP_PY = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_SWAP_JS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_STOPS_PY = (ast.Return, ast.Raise, ast.Continue, ast.Break)


@dataclass(frozen=True)
class Mutant:
    operator: str
    site: int  # which occurrence of the operator's pattern, in source order
    code: str


# ---------------------------------------------------------------------- Python


def _is_int(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _python_sites(tree: ast.AST, operator: str) -> list[tuple]:
    sites: list[tuple] = []
    for node in ast.walk(tree):
        if operator == "comparison_swapped" and isinstance(node, ast.Compare):
            sites += [(node, i) for i, op in enumerate(node.ops) if type(op) in _SWAP_PY]
        elif operator == "off_by_one":
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Sub):
                sites += [(node, side) for side in ("left", "right") if _is_int(getattr(node, side))]
            elif isinstance(node, ast.Compare):
                sites += [(node, ("comparators", i)) for i, c in enumerate(node.comparators) if _is_int(c)]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
                if node.args:
                    sites.append((node, "range"))
        elif operator == "guard_removed" and isinstance(node, ast.If):
            if not node.orelse and isinstance(node.body[-1], _STOPS_PY):
                sites.append((node, None))
                break  # the first guard only
        elif operator == "base_case" and isinstance(node, ast.If):
            for statement in node.body:
                if isinstance(statement, ast.Return) and isinstance(statement.value, ast.Constant):
                    if type(statement.value.value) in (int, bool):
                        sites.append((statement, None))
    return sites


def _apply_python(tree: ast.Module, operator: str, site: tuple) -> None:
    node, where = site
    if operator == "comparison_swapped":
        node.ops[where] = _SWAP_PY[type(node.ops[where])]()
    elif operator == "off_by_one":
        if where == "range":
            index = 1 if len(node.args) >= 2 else 0
            node.args[index] = ast.BinOp(node.args[index], ast.Sub(), ast.Constant(1))
        elif isinstance(where, tuple):
            constant = node.comparators[where[1]]
            constant.value += 1
        else:
            getattr(node, where).value += 1
    elif operator == "guard_removed":
        for parent in ast.walk(tree):
            for name in ("body", "orelse"):
                block = getattr(parent, name, None)
                if isinstance(block, list) and node in block:
                    block.remove(node)
                    if not block:
                        block.append(ast.Pass())
                    return
    elif operator == "base_case":
        value = node.value.value
        node.value.value = (not value) if isinstance(value, bool) else value + 1


def python_mutants(source: str) -> list[Mutant]:
    """Every mutant of ``source`` (Python) by every operator, each different from the source."""
    original = ast.unparse(ast.parse(source))
    out: list[Mutant] = []
    for operator in OPERATORS:
        count = len(_python_sites(ast.parse(source), operator))
        for index in range(count):
            tree = ast.parse(source)
            _apply_python(tree, operator, _python_sites(tree, operator)[index])
            code = ast.unparse(ast.fix_missing_locations(copy.deepcopy(tree)))
            if code != original:
                out.append(Mutant(operator, index, code + "\n"))
    return out


# ---------------------------------------------------------------------- JavaScript


def _javascript_parser():
    import tree_sitter
    import tree_sitter_javascript

    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_javascript.language()))


def _walk(node):
    yield node
    for child in node.children:
        yield from _walk(child)


def _ends_in_stop(node) -> bool:
    stops = ("return_statement", "throw_statement", "break_statement", "continue_statement")
    if node.type in stops:
        return True
    if node.type == "statement_block":
        named = [c for c in node.named_children if c.type != "comment"]
        return bool(named) and named[-1].type in stops
    return False


def _javascript_edits(source: bytes, operator: str) -> list[tuple[int, int, bytes]]:
    """(start, end, replacement) of every site of ``operator``, in source order."""
    tree = _javascript_parser().parse(source)
    edits: list[tuple[int, int, bytes]] = []
    for node in _walk(tree.root_node):
        if operator == "comparison_swapped" and node.type == "binary_expression":
            op = node.child_by_field_name("operator")
            if op is not None and op.text.decode() in _SWAP_JS:
                edits.append((op.start_byte, op.end_byte, _SWAP_JS[op.text.decode()].encode()))
        elif operator == "off_by_one" and node.type == "number" and node.parent is not None:
            parent = node.parent
            op = parent.child_by_field_name("operator") if parent.type == "binary_expression" else None
            if op is not None and op.text.decode() in ("+", "-", "<", "<=", ">", ">=", "===", "!=="):
                try:
                    value = int(node.text.decode())
                except ValueError:
                    continue
                edits.append((node.start_byte, node.end_byte, str(value + 1).encode()))
        elif operator == "guard_removed" and node.type == "if_statement":
            consequence = node.child_by_field_name("consequence")
            if (
                node.child_by_field_name("alternative") is None
                and consequence is not None
                and _ends_in_stop(consequence)
            ):
                edits.append((node.start_byte, node.end_byte, b";"))
                break
        elif operator == "base_case" and node.type == "return_statement":
            inside_if = node.parent is not None and (
                node.parent.type == "if_statement"
                or (
                    node.parent.type == "statement_block"
                    and node.parent.parent is not None
                    and node.parent.parent.type == "if_statement"
                )
            )
            values = [c for c in node.named_children if c.type in ("number", "true", "false")]
            if inside_if and values:
                value = values[0]
                text = value.text.decode()
                new = {"true": "false", "false": "true"}.get(text)
                if new is None:
                    try:
                        new = str(int(text) + 1)
                    except ValueError:
                        continue
                edits.append((value.start_byte, value.end_byte, new.encode()))
    return edits


def javascript_mutants(source: str) -> list[Mutant]:
    """Every mutant of ``source`` (JavaScript) by every operator."""
    data = source.encode("utf-8")
    out: list[Mutant] = []
    for operator in OPERATORS:
        for index, (start, end, replacement) in enumerate(_javascript_edits(data, operator)):
            code = (data[:start] + replacement + data[end:]).decode("utf-8")
            if code != source:
                out.append(Mutant(operator, index, code))
    return out


def mutants(source: str, language: str) -> list[Mutant]:
    return python_mutants(source) if language == "python" else javascript_mutants(source)
