"""Extra space read from the structure: what a function keeps beyond its answer (tables, sets,
copies) and how deep its recursion goes."""

from __future__ import annotations

from . import program as p
from .complexity_alphabet import alphabet_bounded
from .complexity_classes import CONSTANT, EXPONENTIAL, LINEAR, LOG, QUADRATIC, Growth
from .complexity_recurrence import argument_shape, changed_params, halving_names, self_calls
from .context import Context
from .costs import mentions_size, sized
from .detectors.space import returned_names
from .facts import Scope
from .findings import lines_of
from .loops import family_in_context, walk_with_loops


def extra_space(ctx: Context, scope: Scope) -> tuple[Growth, list[str]]:
    """The extra space of a function, with the line that needs it."""
    returned = returned_names(scope.function) | alphabet_bounded(ctx, scope)  # letters: bounded
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
            if _per_subset(value):
                growth, reason = EXPONENTIAL, f"{name} has a cell per subset of the items (2ⁿ)"
            elif _sized_literal(scope, value):
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
            isinstance(node, p.Assign)
            and loops
            and len(node.targets) == 1
            and isinstance(node.targets[0], p.Index)
            and node.op in (None, "+")  # a new key (or a counter's first count), not a decrement
            and _keyed(scope, node.targets[0], returned)
            and not _letter_key(scope, node.targets[0], loops)
        ):
            # seen[x] = i in a loop: a dict gains a key per pass (a two-sum's map is O(n)).
            name = p.root_name(node.targets[0]) or ""
            growth = _repeated(loops)
            reason = f"{name} gains a key on every pass of the loop"
        elif (
            isinstance(node, p.Call)
            and node.name
            in ("append", "add", "extend", "insert", "setdefault", "appendleft", "heappush", "set", "push")
            and loops
        ):
            target = node.receiver if node.name != "heappush" else (node.args[0] if node.args else None)
            name = p.root_name(target) or ""
            if name and name not in returned and not scope.is_input(name):
                growth = _repeated(loops)
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


def _per_subset(value: p.Expr | None) -> bool:
    """``[-1] * (1 << n)``: a table with a cell per subset."""
    return value is not None and any(
        isinstance(n, p.BinOp) and n.op == "*" and isinstance(n.left, p.Seq) and _shifted(n.right)
        for n in p.walk(value, into_functions=False)
    )


def _shifted(expr: p.Expr) -> bool:
    return any(
        isinstance(n, p.BinOp)
        and ((n.op == "<<" and p.const_int(n.left) == 1) or (n.op == "**" and p.const_int(n.left) == 2))
        and p.const_int(n.right) is None
        for n in p.walk(expr)
    )


def _sized_literal(scope: Scope, value: p.Expr | None) -> bool:
    """``[0] * n``, ``[i] + [0] * n``, ``list(range(n + 1))``: a list made as long as the input."""
    if value is None or isinstance(value, p.Comprehension):
        return False
    for node in p.walk(value, into_functions=False):
        if isinstance(node, p.Comprehension):
            return False
        if isinstance(node, p.BinOp) and node.op == "*" and isinstance(node.left, p.Seq):
            if mentions_size(scope, node.right):
                return True
        if isinstance(node, p.Call) and node.name in ("list", "tuple") and node.args:
            inner = node.args[0]
            if isinstance(inner, p.Call) and inner.name == "range" and mentions_size(scope, inner):
                return True
    return False


def _repeated(loops: list) -> Growth:
    """How often the body of these loops runs, counting only loops over the input (and whiles)."""
    repeating = [
        info
        for info in loops
        if info.family is not None or (isinstance(info.node, p.Loop) and info.node.kind == "while")
    ]
    return Growth(degree=min(len(repeating), 3)) if repeating else CONSTANT


def _keyed(scope: Scope, target: p.Index, returned: set[str]) -> bool:
    """A write by key into a dict of the function's own (not the input, not the answer)."""
    name = p.root_name(target)
    if name is None or name in returned or scope.is_input(name) or not isinstance(target.obj, p.Name):
        return False
    return scope.kind(name) in ("dict", "set")


def _letter_key(scope: Scope, target: p.Index, loops: list) -> bool:
    """``counts[ch]`` with ``ch`` a letter of a string (or ``s[i]``): at most one key per letter
    of the alphabet, bounded apart from n."""
    key = target.index
    if isinstance(key, p.Index):
        return scope.kind(p.root_name(key.obj)) == "str"
    if not isinstance(key, p.Name):
        return False
    for info in loops:
        if key.id in info.targets and isinstance(info.node, (p.Loop, p.Comprehension)):
            iterated = info.node.iter
            if isinstance(iterated, p.Call) and iterated.name in ("enumerate", "reversed") and iterated.args:
                iterated = iterated.args[0]
            if scope.kind(p.root_name(iterated)) == "str" and not isinstance(iterated, p.Call):
                return True
    return False


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
