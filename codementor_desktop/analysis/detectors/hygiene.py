"""Small habits with real costs: a string rebuilt on every pass, a built-in name hidden by a
variable, statements that can never run.

Patterns: ``inefficient_string_building``, ``shadowed_builtin``, ``unreachable_code``.
"""

from __future__ import annotations

import builtins

from .. import program as p
from ..context import Context
from ..facts import walk_with_loops
from ..findings import Finding
from .flow import terminates
from .loop_costs import constant_collections

# Built-ins whose hiding breaks code or readers' expectations (not every name in builtins:
# hiding ``copyright`` or ``license`` matters to no one).
PYTHON_BUILTINS = {
    "abs", "all", "any", "bin", "bool", "bytes", "callable", "chr", "dict", "dir", "divmod", "enumerate",
    "eval", "exec", "filter", "float", "format", "frozenset", "getattr", "hasattr", "hash", "hex", "id",
    "input", "int", "isinstance", "iter", "len", "list", "map", "max", "min", "next", "object", "oct",
    "open", "ord", "pow", "print", "range", "repr", "reversed", "round", "set", "setattr", "slice",
    "sorted", "str", "sum", "super", "tuple", "type", "vars", "zip",
} & set(dir(builtins))  # fmt: skip
JAVASCRIPT_GLOBALS = {
    "Array", "Boolean", "BigInt", "Date", "Error", "Infinity", "JSON", "Map", "Math", "NaN", "Number",
    "Object", "Promise", "Proxy", "Reflect", "RegExp", "Set", "String", "Symbol", "WeakMap", "WeakSet",
    "console", "isFinite", "isNaN", "parseFloat", "parseInt", "undefined",
}  # fmt: skip


def detect(ctx: Context) -> list[Finding]:
    return [*_string_building(ctx), *_shadowed(ctx), *_unreachable(ctx)]


# ---- strings -----------------------------------------------------------------------------


def _string_building(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        constants = constant_collections(scope)
        for node, loops in walk_with_loops(scope.function.body, scope):
            if not loops or not isinstance(node, p.Assign) or len(node.targets) != 1:
                continue
            target = node.targets[0]
            if not isinstance(target, p.Name) or scope.kind(target.id) != "str":
                continue
            if all(_constant_loop(info.node, constants) for info in loops):
                continue
            if _grows(node, target.id):
                found.append(
                    Finding(
                        "inefficient_string_building",
                        "string_concatenation_in_loop",
                        node.line,
                        node.end,
                        f"{target.id} is rebuilt with + on every pass of the loop: each step copies the whole string (O(n²))",
                        _join_hint(ctx),
                        "low",
                        [],
                    )
                )
                break
    return found


def _grows(node: p.Assign, name: str) -> bool:
    """``s += x``, ``s = s + x``, ``s = x + s``."""
    if node.op == "+":
        return True
    value = node.value
    if node.op is None and isinstance(value, p.BinOp) and value.op == "+":
        operands = _operands(value)
        return any(isinstance(o, p.Name) and o.id == name for o in operands)
    return False


def _operands(expr: p.Expr) -> list[p.Expr]:
    if isinstance(expr, p.BinOp) and expr.op == "+":
        return [*_operands(expr.left), *_operands(expr.right)]
    return [expr]


def _constant_loop(loop: p.Loop | p.Comprehension, constants: set[str]) -> bool:
    """A loop a fixed number of times (``range(3)``, over a literal): no growth with the input."""
    iterable = loop.iter
    if isinstance(iterable, p.Call) and iterable.name == "range":
        return all(p.const_int(a) is not None for a in iterable.args)
    if isinstance(iterable, (p.Seq, p.Const)):
        return True
    return isinstance(iterable, p.Name) and iterable.id in constants


def _join_hint(ctx: Context) -> str:
    if ctx.language == "javascript":
        return "Collect the pieces in an array and join them once at the end: parts.push(x); parts.join('')."
    return "Collect the pieces in a list and join them once at the end: parts.append(x); ''.join(parts)."


# ---- shadowed built-ins ------------------------------------------------------------------


def _shadowed(ctx: Context) -> list[Finding]:
    names = JAVASCRIPT_GLOBALS if ctx.language == "javascript" else PYTHON_BUILTINS
    given = {str(item.get("name")) for item in ((ctx.raw_problem or {}).get("function") or {}).get("params") or []}
    found: dict[str, p.Node] = {}

    def note(name: str, node: p.Node) -> None:
        if name in names and name not in given and name not in found:
            found[name] = node

    for node in p.walk(ctx.program.body):
        if isinstance(node, p.Function):
            if not node.is_method and not node.is_lambda:
                note(node.name, node)
            stored = _stored_fields(node) if node.is_method else set()
            for param in node.params:
                if param not in stored:
                    note(param, node)
        elif isinstance(node, p.Assign) and node.op is None:
            for target in node.targets:
                for name in p.assigned_names(target):
                    note(name, node)
        elif isinstance(node, (p.Loop, p.Comprehension)):
            for name in node.targets:
                note(name, node)
        elif isinstance(node, p.Pass):
            for name in node.names:
                note(name, node)
        elif isinstance(node, p.ClassDef):
            note(node.name, node)
    return [
        Finding(
            "shadowed_builtin",
            "builtin_name_reused",
            node.line,
            node.line,
            f"the name {name} hides the built-in {name}: any later use of {name}(...) in this scope breaks",
            f"Pick a name that says what it holds (for example {_better(name)}).",
            "low",
            [],
        )
        for name, node in found.items()
    ]


def _stored_fields(method: p.Function) -> set[str]:
    """Constructor parameters stored as fields of the same name (``self.next = next``)."""
    stored = set()
    for node in p.walk(method.body):
        if isinstance(node, p.Assign) and isinstance(node.value, p.Name):
            for target in node.targets:
                if isinstance(target, p.Attr) and target.name == node.value.id:
                    stored.add(target.name)
    return stored


def _better(name: str) -> str:
    return {
        "list": "items", "dict": "counts", "str": "word", "sum": "total", "max": "best", "min": "lowest",
        "input": "text", "id": "key", "set": "seen", "map": "lookup", "len": "length", "Map": "counts",
        "Set": "seen", "Number": "value", "String": "text", "Math": "group", "parseInt": "toNumber",
        "undefined": "missing", "Array": "items", "Object": "record",
    }.get(name, f"{name.lower()}_value")  # fmt: skip


# ---- unreachable code --------------------------------------------------------------------


def _unreachable(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for block in _blocks(ctx.program.body):
        for index, stmt in enumerate(block[:-1]):
            if not terminates(stmt):
                continue
            rest = [s for s in block[index + 1 :] if not isinstance(s, (p.Function, p.Pass))]
            if rest:
                found.append(
                    Finding(
                        "unreachable_code",
                        "statement_after_exit",
                        rest[0].line,
                        rest[-1].end,
                        f"line {rest[0].line} can never run: the statement before it always leaves the block",
                        "Remove it, or move it before the return / break / raise it follows.",
                        "low",
                        [],
                    )
                )
            break
    return found


def _blocks(body: list) -> list[list]:
    """Every statement list: function bodies, branches, loop bodies, handlers, cases."""
    blocks = [body]
    for node in p.walk(body):
        for name in ("body", "orelse", "final"):
            value = getattr(node, name, None)
            if isinstance(value, list) and value and not isinstance(node, p.Comprehension):
                blocks.append(value)
        if isinstance(node, p.Try):
            blocks.extend(node.handlers)
        if isinstance(node, p.Switch):
            blocks.extend(node.cases)
    return blocks
