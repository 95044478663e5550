"""A plan's expectations read before they run: is each an expression of the code's language, does
it leave the learner's state alone, and which of the code's names does it use.

Python is read with ``ast.parse(mode="eval")``, JavaScript with tree-sitter's grammar. An
expectation is evaluated on the learner's live variables (a copy of every variable at every line
would cost more than the run), so what could change them is refused here instead: assignments
(``:=``, ``=``, ``+=``, ``++``, ``delete``) and the calls that change a list, set, dictionary,
array, Map or Set in place (``append``, ``pop``, ``push``, ``sort``, ...), and ``next``/``print``
and their kind, which consume an iterator or write to the run's output.
"""

from __future__ import annotations

import ast
import builtins
from dataclasses import dataclass

from tree_sitter import Node

from .javascript_source import parse_tree
from .python_source import ParseFailure

PY_MUTATORS = frozenset({
    "append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "update", "setdefault",
    "popitem", "add", "discard", "difference_update", "intersection_update", "symmetric_difference_update",
    "appendleft", "extendleft", "popleft", "rotate", "heappush", "heappop", "heapify", "heapreplace",
    "heappushpop", "write", "send", "throw", "close",
})  # fmt: skip
PY_REFUSED_CALLS = frozenset(
    {"next", "print", "input", "open", "exec", "eval", "compile", "setattr", "delattr", "__import__", "globals", "vars"}
)
JS_MUTATORS = frozenset({
    "push", "pop", "shift", "unshift", "splice", "sort", "reverse", "fill", "copyWithin", "set", "delete",
    "add", "clear", "next", "log", "write",
})  # fmt: skip
JS_GLOBALS = frozenset({
    "Math", "Object", "Array", "Number", "String", "Boolean", "JSON", "Map", "Set", "undefined", "Infinity",
    "NaN", "BigInt", "Symbol", "isNaN", "isFinite", "parseInt", "parseFloat", "console",
})  # fmt: skip
_PY_BUILTINS = frozenset(dir(builtins))


@dataclass(frozen=True)
class Reading:
    """What reading one expectation found: ``error`` (why it cannot be checked) or the names it uses."""

    error: str | None
    names: tuple[str, ...] = ()


def read_expectation(text: str, language: str) -> Reading:
    """Read ``text`` as an expectation in ``language``: the error a learner can act on, or the
    variables it names (for the report and the drawings)."""
    if not text.strip():
        return Reading("the expectation is empty")
    if language == "javascript":
        return _read_javascript(text)
    return _read_python(text)


def _read_python(text: str) -> Reading:
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        where = f" (column {exc.offset})" if exc.offset else ""
        return Reading(f"`{text}` is not a Python expression: {exc.msg}{where}")
    bound: set[str] = set()
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.NamedExpr):
            return Reading(
                f"`{text}` assigns to {ast.unparse(node.target)}; an expectation may only read the variables"
            )
        if isinstance(node, ast.Call):
            refused = _python_refusal(node)
            if refused:
                return Reading(f"`{text}` calls {refused}, which would change the program's state; "
                               "an expectation may only read it")  # fmt: skip
        if isinstance(node, ast.comprehension):
            bound.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
        if isinstance(node, ast.Lambda):
            bound.update(a.arg for a in node.args.args)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in bound and node.id not in names:
            if node.id not in _PY_BUILTINS:
                names.append(node.id)
    return Reading(None, tuple(names))


def _python_refusal(call: ast.Call) -> str | None:
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr in PY_MUTATORS:
        return f"`{ast.unparse(function)}`"
    if isinstance(function, ast.Name) and function.id in PY_REFUSED_CALLS:
        return f"`{function.id}`"
    return None


def _read_javascript(text: str) -> Reading:
    try:
        root = parse_tree(f"({text}\n);")
    except ParseFailure as exc:
        return Reading(f"`{text}` is not a JavaScript expression: {exc.args[0] if exc.args else exc}")
    statements = [child for child in root.named_children if child.type != "comment"]
    if len(statements) != 1 or statements[0].type != "expression_statement":
        return Reading(f"`{text}` is not one JavaScript expression")
    bound: set[str] = set()
    names: list[str] = []
    for node in _walk(root):
        kind = node.type
        if kind in ("assignment_expression", "augmented_assignment_expression", "update_expression"):
            return Reading(f"`{text}` changes a variable ({_text(node)}); an expectation may only read the variables")
        if kind == "unary_expression" and node.child(0) is not None and _text(node.child(0)) == "delete":
            return Reading(f"`{text}` deletes a property; an expectation may only read the variables")
        if kind == "call_expression":
            function = node.child_by_field_name("function")
            if function is not None and function.type == "member_expression":
                prop = function.child_by_field_name("property")
                if prop is not None and _text(prop) in JS_MUTATORS:
                    return Reading(f"`{text}` calls `{_text(function)}`, which would change the program's state; "
                                   "an expectation may only read it")  # fmt: skip
        if kind == "arrow_function":
            params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
            if params is not None:
                bound.update(_text(n) for n in _walk(params) if n.type == "identifier")
    for node in _walk(root):
        if node.type == "identifier":
            name = _text(node)
            if name not in bound and name not in JS_GLOBALS and name not in names:
                names.append(name)
    return Reading(None, tuple(names))


def _walk(node: Node) -> list[Node]:
    out = [node]
    for child in node.children:
        out.extend(_walk(child))
    return out


def _text(node: Node) -> str:
    return (node.text or b"").decode("utf-8", "replace")
