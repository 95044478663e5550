"""Changing the caller's data: sorting, appending to, or writing into a parameter the function
was only meant to read.

Pattern: ``mutating_input``. Not reported when the function's contract is to change its argument
in place (the problem says so, or the function returns nothing), for a parameter the function
first replaces with a copy, or for state a recursion threads through its own calls (a memo, a
set of visited cells).
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import program as p
from ..complexity_recurrence import self_calls
from ..context import Context
from ..facts import Scope
from ..findings import Finding
from ..python_source import ParseFailure, parse_python

_MUTATORS = {
    "sort", "append", "extend", "insert", "pop", "remove", "clear", "reverse", "splice", "fill",
    "add", "discard", "update", "setdefault", "popitem", "popleft", "appendleft", "copyWithin", "delete",
}  # fmt: skip
_SCALAR = {"int", "str"}


def _changed_by_reference(ctx: Context) -> set[int]:
    """Positions of the parameters the bank's own Python solution changes (a flood fill that
    repaints the grid it returns): changing them is within the problem's promises."""
    solutions = (ctx.raw_problem or {}).get("solutions") or {}
    code = solutions.get("python") if isinstance(solutions, dict) else None
    if not code:
        return set()
    try:
        program = parse_python(str(code))
    except ParseFailure:
        return set()
    reference = Context.build(program, None, ctx.run, [])
    changed: set[int] = set()
    for scope in reference.top_scopes():
        for index, name in enumerate(scope.function.params):
            if _first_change(scope.function, name, reference) is not None:
                changed.add(index)
    return changed


def detect(ctx: Context) -> list[Finding]:
    if ctx.problem.inplace:
        return []
    found: list[Finding] = []
    reference_changes = _changed_by_reference(ctx)
    for scope in ctx.top_scopes():
        function = scope.function
        if function.is_method or not _returns_value(function) or _says_in_place(ctx, function):
            continue
        for name in function.params:
            if name in ("self", "this", "cls") or scope.kind(name) in _SCALAR or name in function.defaults:
                continue
            if _replaced_first(function, name) or _threaded(ctx, scope, name):
                continue
            if function.params.index(name) in reference_changes:
                continue  # the problem's own solution changes it too: the statement allows it
            change = _first_change(function, name, ctx)
            if change is not None:
                node, how = change
                found.append(
                    Finding(
                        "mutating_input",
                        "mutates_parameter",
                        node.line,
                        node.end,
                        f"{how} changes {name}, the caller's own data, while the function returns an answer",
                        f"Work on a copy ({_copy_hint(ctx, name)}) or keep your own structure for what you mark.",
                        "medium",
                        [],
                    )
                )
    return found


def _says_in_place(ctx: Context, function: p.Function) -> bool:
    """The code says it works in place (a comment, a docstring, the function's name)."""
    lines = ctx.program.source.splitlines()[max(0, function.line - 3) : function.end]
    text = " ".join(lines).lower().replace("-", " ").replace("_", " ")
    return "in place" in text or "inplace" in function.name.lower()


def _returns_value(function: p.Function) -> bool:
    return any(isinstance(n, p.Return) and n.value is not None for n in p.walk(function.body, into_functions=False))


def _replaced_first(function: p.Function, name: str) -> bool:
    """``nums = sorted(nums)`` (or any rebinding) before the first change."""
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.op is None:
            if any(isinstance(t, p.Name) and t.id == name for t in node.targets):
                return True
    return False


def _threaded(ctx: Context, scope: Scope, name: str) -> bool:
    """The parameter is passed on, unchanged, to the function's own recursive calls."""
    for call in self_calls(scope.function):
        if any(isinstance(a, p.Name) and a.id == name for a in call.call.args):
            return True
    return False


def _first_change(function: p.Function, name: str, ctx: Context) -> tuple[p.Node, str] | None:
    shadowed = _rebinding_functions(function, name)
    for node in _walk_outside(function.body, shadowed):
        if isinstance(node, p.Call) and node.name in _MUTATORS and node.receiver is not None:
            if _is(node.receiver, name):
                return node, f"{name}.{_spelled(ctx, node.name)}(...)"
        elif isinstance(node, p.Assign):
            for target in node.targets:
                for part in _targets(target):
                    if isinstance(part, (p.Index, p.Slice)) and p.root_name(part) == name:
                        if not _restored(function, part):
                            return node, f"writing {name}[...]"
        elif isinstance(node, p.Delete):
            if any(p.root_name(t) == name for t in node.targets):
                return node, f"del {name}[...]"
    return None


def _restored(function: p.Function, target: p.Expr) -> bool:
    """``saved = board[r][c]; board[r][c] = "#"; ...; board[r][c] = saved``: a mark undone."""
    saved = set()
    for node in p.walk(function.body):
        if isinstance(node, p.Assign) and node.op is None and p.same_expr(node.value, target):
            saved.update(p.assigned_names(node.targets[0]))
    for node in p.walk(function.body):
        if isinstance(node, p.Assign) and isinstance(node.value, p.Name) and node.value.id in saved:
            if any(p.same_expr(t, target) for t in node.targets):
                return True
    return False


def _targets(target: p.Expr) -> list[p.Expr]:
    if isinstance(target, p.Seq):
        return [t for item in target.items for t in _targets(item)]
    return [target]


def _is(expr: p.Expr, name: str) -> bool:
    """The parameter itself or a part of it (``grid[r]``), not an attribute of one of its items."""
    return p.root_name(expr) == name and not any(isinstance(n, (p.Attr, p.Slice)) for n in p.walk(expr))


def _rebinding_functions(function: p.Function, name: str) -> set[int]:
    """Nested functions with their own variable of that name: their changes are not the caller's."""
    shadowing = set()
    for node in p.walk(function.body):
        if isinstance(node, p.Function) and (name in node.params or _replaced_first(node, name)):
            shadowing.add(id(node))
    return shadowing


def _walk_outside(body: list, skipped: set[int]) -> Iterator[p.Node]:
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        if id(node) in skipped:
            continue
        yield node
        stack.extend(reversed(list(p.children(node))))


def _spelled(ctx: Context, method: str) -> str:
    if ctx.language == "javascript":
        return {"append": "push", "pop": "pop", "insert": "unshift"}.get(method, method)
    return method


def _copy_hint(ctx: Context, name: str) -> str:
    return f"[...{name}]" if ctx.language == "javascript" else f"sorted({name}) or {name}[:]"
