"""Extra space read from the structure: what a function keeps beyond its answer (tables, sets,
copies) and how deep its recursion goes."""

from __future__ import annotations

from . import program as p
from .complexity_classes import CONSTANT, LINEAR, LOG, QUADRATIC, Growth
from .complexity_recurrence import argument_shape, changed_params, halving_names, self_calls
from .context import Context
from .costs import mentions_size, sized
from .detectors.space import returned_names
from .facts import Scope
from .findings import lines_of
from .loops import family_in_context, walk_with_loops


def extra_space(ctx: Context, scope: Scope) -> tuple[Growth, list[str]]:
    """The extra space of a function, with the line that needs it."""
    returned = returned_names(scope.function)
    worst, why = CONSTANT, []
    for node, loops in walk_with_loops(scope.function.body, scope):
        growth, reason = CONSTANT, ""
        if (
            isinstance(node, p.Assign)
            and node.op is None
            and len(node.targets) == 1
            and isinstance(node.targets[0], p.Name)
        ):
            name = node.targets[0].id
            if name in returned:
                continue
            value = node.value
            if (
                isinstance(value, p.BinOp)
                and value.op == "*"
                and isinstance(value.left, p.Seq)
                and mentions_size(scope, value.right)
            ):
                growth, reason = LINEAR, f"{name} is a list as long as the input"
            elif isinstance(value, p.Comprehension) and family_in_context(value, loops, scope) is not None:
                inner = any(
                    isinstance(n, p.BinOp)
                    and n.op == "*"
                    and isinstance(n.left, p.Seq)
                    and mentions_size(scope, n.right)
                    for n in p.walk(value.body)
                )
                growth, reason = (
                    (QUADRATIC, f"{name} is a table of n × n cells")
                    if inner
                    else (LINEAR, f"{name} holds a value per input item")
                )
            elif _is_copy(ctx, scope, value, loops):
                growth, reason = LINEAR, f"{name} is a copy of the input"
        elif (
            isinstance(node, p.Call)
            and node.name in ("append", "add", "extend", "insert", "setdefault", "appendleft", "heappush")
            and loops
        ):
            target = node.receiver if node.name != "heappush" else (node.args[0] if node.args else None)
            name = p.root_name(target) or ""
            if name and name not in returned and not scope.is_input(name):
                repeating = [
                    info
                    for info in loops
                    if info.family is not None or (isinstance(info.node, p.Loop) and info.node.kind == "while")
                ]
                growth = Growth(degree=min(len(repeating), 3)) if repeating else CONSTANT
                reason = f"{name} grows inside the loop"
        elif _is_copy(ctx, scope, node, loops) or (
            isinstance(node, p.Slice) and not _constant_span(node) and sized(ctx, scope, node.obj, loops)
        ):
            growth, reason = LINEAR, "a temporary copy of the input"
        if growth > worst:
            worst, why = growth, [f"line {lines_of(node)[0]}: {reason} ({growth.label})"]
    depth = _recursion_depth(ctx, scope)
    if depth is not None and depth[0] > worst:
        worst, why = depth[0], [depth[1]]
    return worst, why


def _constant_span(node: p.Slice) -> bool:
    """``s[i:i + 3]``: a slice of a fixed length."""
    if node.lower is None or node.upper is None:
        return False
    difference = p.BinOp(node.line, node.end, "-", node.upper, node.lower)
    terms: dict[str, int] = {}
    for sign, term in _additive(difference):
        key = p.const_int(term)
        if key is None:
            name = term.id if isinstance(term, p.Name) else None
            if name is None:
                return False
            terms[name] = terms.get(name, 0) + sign
    return all(v == 0 for v in terms.values())


def _additive(expr: p.Expr, sign: int = 1) -> list[tuple[int, p.Expr]]:
    if isinstance(expr, p.BinOp) and expr.op in ("+", "-"):
        return [*_additive(expr.left, sign), *_additive(expr.right, sign if expr.op == "+" else -sign)]
    return [(sign, expr)]


def _is_copy(ctx: Context, scope: Scope, value: p.Node | None, loops: list) -> bool:
    if isinstance(value, p.Call) and value.name in ("sorted", "list", "set", "dict", "tuple", "copy") and value.args:
        return sized(ctx, scope, value.args[0], loops)
    if isinstance(value, p.Slice) and value.lower is None and value.upper is None:
        return sized(ctx, scope, value.obj, loops)
    return False


def _recursion_depth(ctx: Context, scope: Scope) -> tuple[Growth, str] | None:
    calls = self_calls(scope.function)
    if not calls:
        return None
    changed = changed_params(scope.function, calls)
    shapes = {
        argument_shape(arg, name, halving_names(scope.function)) for name, args in changed.items() for arg in args
    }
    if "slice" in shapes and len(calls) == 1:
        return QUADRATIC, f"line {calls[0].call.line}: every level of the recursion keeps its own copy (n²)"
    if shapes <= {"half"} and shapes:
        return LOG, f"line {calls[0].call.line}: the recursion is log n deep"
    return LINEAR, f"line {calls[0].call.line}: the recursion can be n calls deep"
