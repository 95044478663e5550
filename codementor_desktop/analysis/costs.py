"""The known costs of built-ins and of copies, in terms of the input size: ``sort`` n log n,
``in`` on a list n, a slice n, ``heappush`` log n, ``len`` 1. Shared by the time and the space
estimates."""

from __future__ import annotations

from dataclasses import dataclass

from . import program as p
from .complexity_alphabet import alphabet_bounded
from .complexity_classes import LINEAR, LINEARITHMIC, LOG, Growth
from .context import Context
from .facts import Scope
from .findings import lines_of

_SIZED_BUILTINS = {
    "sum",
    "min",
    "max",
    "list",
    "set",
    "dict",
    "tuple",
    "any",
    "all",
    "reversed",
    "Counter",
    "join",
    "enumerate",
    "zip",
    "sorted",
    "copy",
    "deque",
}
_LOG_BUILTINS = {"heappush", "heappop", "heapreplace", "heappushpop", "bisect", "bisect_left", "bisect_right"}
_LINEAR_METHODS = {"index", "count", "remove", "insort", "insort_left", "insort_right", "splice"}


@dataclass
class Cost:
    growth: Growth
    why: str = ""
    line: int = 0
    sizes: tuple[str, ...] = ()  # the named size behind each factor of n (complexity_sizes)


def sized(ctx: Context, scope: Scope, expr: p.Expr | None, loops: list) -> bool:
    """Whether an expression holds something as large as the input (not a loop's own item)."""
    if isinstance(expr, p.Call) and expr.name in ("list", "sorted", "set", "tuple", "reversed") and expr.args:
        return sized(ctx, scope, expr.args[0], loops)
    if isinstance(expr, p.Comprehension) and expr.kind in ("map", "filter", "list", "flatMap"):
        return sized(ctx, scope, expr.iter, loops)
    if isinstance(expr, p.Other) and len(expr.parts) == 1:
        return sized(ctx, scope, expr.parts[0], loops)  # a spread: ...xs
    if isinstance(expr, p.Index):
        return False  # one item (a pair, a row) of the input, as a loop's own item is
    name = p.root_name(expr)
    targets = {t for info in loops for t in info.targets}
    if name is None or name in targets or derived(scope, name, targets):
        return False
    if scope.family(name) is not None:
        return True
    return scope.kind(name) in ("list", "seq", "str", "deque", "set", "dict")


def builtin_cost(ctx: Context, scope: Scope, node: p.Node, loops: list) -> Cost | None:  # noqa: C901 - a table of costs
    line = lines_of(node)[0]
    if isinstance(node, p.Call):
        name = node.name
        subject = (
            node.receiver
            if node.receiver is not None and name not in _LOG_BUILTINS
            else (node.args[0] if node.args else None)
        )
        if name in ("nsmallest", "nlargest") and len(node.args) >= 2:
            pool = node.args[1]
            if isinstance(pool, p.Call) and pool.name in ("items", "keys", "values") and pool.receiver is not None:
                pool = pool.receiver  # counts.items(): as many as counts
            if sized(ctx, scope, pool, loops):
                return Cost(LINEARITHMIC, f"{name}() keeps the best k of all the items in a heap (m log k)", line)
        if name in ("sort", "sorted") and sized(ctx, scope, subject, loops):
            return Cost(LINEARITHMIC, f"{name}() of the input", line)
        if name in _LOG_BUILTINS:
            if p.root_name(subject) in alphabet_bounded(ctx, scope):
                return None  # a heap of letters: bounded by the alphabet
            return Cost(LOG, f"{name}() on a heap or sorted list", line)
        if name in _LINEAR_METHODS and node.receiver is not None and sized(ctx, scope, node.receiver, loops):
            return Cost(LINEAR, f".{name}() scans the list", line)
        if (
            name in ("pop", "insert")
            and node.args
            and p.const_int(node.args[0]) == 0
            and sized(ctx, scope, node.receiver, loops)
        ):
            if scope.kind(p.root_name(node.receiver)) != "deque":
                return Cost(LINEAR, f".{name}(0) shifts the whole list", line)
        if (
            name in _SIZED_BUILTINS
            and node.receiver is None
            and len(node.args) == 1
            and sized(ctx, scope, node.args[0], loops)
        ):
            return Cost(LINEAR, f"{name}() reads the whole input", line)
        if (
            name in ("list", "set", "tuple", "sum")
            and len(node.args) == 1
            and isinstance(node.args[0], p.Call)
            and node.args[0].name == "range"
            and mentions_size(scope, node.args[0])
        ):
            return Cost(LINEAR, f"{name}(range(...)) makes one item per number", line)  # parent = list(range(n))
        if name == "join" and node.args and sized(ctx, scope, node.args[0], loops):
            return Cost(LINEAR, "join() reads every piece", line)
        return None
    if isinstance(node, p.Compare):
        for op, right in zip(node.ops, node.rights, strict=True):
            if op in ("in", "not in") and sized(ctx, scope, right, loops):
                kind = scope.kind(p.root_name(right))
                if kind in ("list", "seq", "str", "deque") or (ctx.language == "javascript" and kind == "unknown"):
                    return Cost(LINEAR, "`in` scans a list", line)
        return None
    if isinstance(node, p.Slice) and sized(ctx, scope, node.obj, loops):
        return Cost(LINEAR, "a slice copies the input", line)
    if (
        isinstance(node, p.BinOp)
        and node.op == "*"
        and isinstance(node.left, p.Seq)
        and mentions_size(scope, node.right)
    ):
        return Cost(LINEAR, "a list as long as the input", line)
    return None


def mentions_size(scope: Scope, expr: p.Expr) -> bool:
    return any(isinstance(n, p.Name) and scope.family(n.id) is not None for n in p.walk(expr))


def derived(scope: Scope, name: str, targets: set[str]) -> bool:
    for node in p.walk(scope.function.body, into_functions=False):
        if (
            isinstance(node, p.Assign)
            and node.value is not None
            and any(isinstance(t, p.Name) and t.id == name for t in node.targets)
        ):
            own = {t for n in p.walk(node.value) if isinstance(n, p.Comprehension) for t in n.targets}
            return bool((p.names_in(node.value) - own) & targets)  # [node for node in nodes] is not one node
    return False
