"""A variable, parameter or function named like a built-in (``list``, ``sum``, ``Map``), which
hides the built-in for the rest of its scope.

Pattern: ``shadowed_builtin``.
"""

from __future__ import annotations

import builtins

from .. import program as p
from ..context import Context
from ..findings import Finding

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
    return _shadowed(ctx)


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
