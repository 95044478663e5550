"""Memory the answer does not need: a table where a few variables suffice, every pair stored
only to take their maximum. (Recursion that copies its input is in ``recursion``.)

Pattern: ``suboptimal_space_complexity``.
"""

from __future__ import annotations

from .. import program as p
from ..complexity_classes import CONSTANT, LINEAR
from ..context import Context
from ..facts import Scope, family_of
from ..findings import Finding
from ..loops import LoopInfo, iteration_family, walk_with_loops
from .flow import path_to

SPACE = "suboptimal_space_complexity"
_REDUCTIONS = {"max", "min", "sum", "len", "any", "all"}
_FILLERS = {"append", "add", "extend", "insert", "setdefault"}


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.top_scopes():
        returned = returned_names(scope.function)
        if ctx.problem.optimal_space == CONSTANT:
            found.extend(_tables(ctx, scope, returned))
        found.extend(_all_pairs(ctx, scope, returned))
    return found


_LOOKUPS = {"get", "has", "pop", "popleft", "index", "indexOf", "count", "at", "charAt", "includes", "peek"}


def returned_names(function: p.Function) -> set[str]:
    """Names whose whole value leaves the function in a return (not one item, not a summary)."""
    names: set[str] = set()

    def escape(expr: p.Node | None) -> None:
        if expr is None:
            return
        if isinstance(expr, p.Name):
            names.add(expr.id)
        elif isinstance(expr, p.Index):
            escape(expr.index)  # xs[i] returns an item of xs, not xs
        elif isinstance(expr, p.Call) and expr.name in _REDUCTIONS:
            return
        elif isinstance(expr, p.Call) and expr.receiver is not None and expr.name in _LOOKUPS:
            for arg in expr.args:
                escape(arg)  # seen.get(key) returns one value of seen, not seen
        elif isinstance(expr, (p.Unary, p.Compare)):
            return  # ``not stack``, ``len(seen) == n``: a yes or no, not the collection
        else:
            for child in p.children(expr):
                escape(child)

    for node in p.walk(function.body):
        if isinstance(node, p.Return):
            escape(node.value)
    return names


def _input_sized(expr: p.Expr | None, scope: Scope) -> bool:
    """Whether an expression measures an input: ``len(nums) + 1``, ``n`` (a size parameter)."""
    if expr is None:
        return False
    if family_of(expr, scope) in scope.all_inputs():
        return True
    return any(isinstance(n, p.Name) and scope.family(n.id) in scope.all_inputs() for n in p.walk(expr))


def _tables(ctx: Context, scope: Scope, returned: set[str]) -> list[Finding]:
    """The problem needs O(1) extra memory; a local list, set or dict grows with the input."""
    for node in p.walk(scope.function.body, into_functions=False):
        if not isinstance(node, p.Assign) or node.op is not None or len(node.targets) != 1:
            continue
        target = node.targets[0]
        if not isinstance(target, p.Name) or target.id in returned:
            continue
        if _sized_allocation(node.value, scope):
            return [_table_finding(ctx, target.id, node)]
    top_level = {
        name
        for stmt in scope.function.body
        if isinstance(stmt, p.Assign)
        for t in stmt.targets
        for name in p.assigned_names(t)
    }
    for node, loops in walk_with_loops(scope.function.body, scope):
        if not loops or not any(info.family in scope.all_inputs() for info in loops):
            continue
        if any(_over_letters(info, scope) for info in loops):
            continue  # keyed by the letters of a string: bounded by the alphabet, O(1)
        grown = _grown_container(node)
        # Only what lives for the whole call: a scratch set made afresh inside a loop is not kept.
        if grown is None or grown in returned or scope.is_input(grown) or grown not in top_level:
            continue
        if isinstance(node, p.Assign) and scope.kind(grown) == "list":
            continue  # parent[x] = y overwrites a slot: a list does not grow by assignment
        if scope.kind(grown) in ("list", "set", "dict") and not _beside_output(scope.function.body, node, returned):
            return [_table_finding(ctx, grown, node)]
    return []


def _over_letters(info: LoopInfo, scope: Scope) -> bool:
    iterable = info.node.iter
    if info.family and scope.kind(info.family) == "str":
        return True
    return isinstance(iterable, p.Name) and scope.kind(iterable.id) == "str"


def _beside_output(body: list, node: p.Node, returned: set[str]) -> bool:
    """Filled in the branch that also adds to the answer: it grows with the output (a set of
    answers already given), which the answer's own memory pays for anyway."""
    path = path_to(body, node) or []
    branches = [n for n in path if isinstance(n, p.If)]
    if not branches:
        return False
    for other in p.walk(branches[-1].body):
        if isinstance(other, p.Call) and other.name in _FILLERS and isinstance(other.receiver, p.Name):
            if other.receiver.id in returned:
                return True
    return False


def _sized_allocation(value: p.Expr | None, scope: Scope) -> bool:
    if isinstance(value, p.BinOp) and value.op == "*" and isinstance(value.left, p.Seq) and value.left.kind == "list":
        return _input_sized(value.right, scope)
    if isinstance(value, p.Comprehension) and value.kind in ("list", "set", "dict"):
        # A table of constants (``[0 for _ in range(n)]``), not a filtered copy of the input.
        constant = not (p.names_in(value.body) & set(value.targets))
        return constant and iteration_family(value.iter, scope) in scope.all_inputs()
    return False


def _grown_container(node: p.Node) -> str | None:
    if isinstance(node, p.Call) and node.name in _FILLERS and isinstance(node.receiver, p.Name):
        return node.receiver.id
    if isinstance(node, p.Assign) and node.op is None:
        for target in node.targets:
            if isinstance(target, p.Index) and isinstance(target.obj, p.Name):
                return target.obj.id
    return None


def _table_finding(ctx: Context, name: str, node: p.Node) -> Finding:
    optimal = ctx.problem.optimal_space_text or "O(1)"
    return Finding(
        SPACE,
        "table_where_constant_suffices",
        node.line,
        node.end,
        f"{name} keeps a value per input item, but the problem needs only {optimal} extra memory",
        "Keep only the last few values you read (two variables for two previous steps, a running total).",
        "medium",
        ["problem_confirms"],
    )


def _all_pairs(ctx: Context, scope: Scope, returned: set[str]) -> list[Finding]:
    """Nested loops over one input store every pair, then only a maximum (a sum, a count) is used."""
    for node, loops in walk_with_loops(scope.function.body, scope):
        families = [info.family for info in loops if info.family is not None]
        if len(families) < 2 or len(set(families)) != 1:
            continue
        grown = _grown_container(node)
        if grown is None or grown in returned or scope.kind(grown) not in ("list", "set"):
            continue
        if not _only_reduced(scope.function, grown, node):
            continue
        optimal = ctx.problem.optimal_space
        if optimal is not None and optimal > LINEAR:
            continue
        return [
            Finding(
                SPACE,
                "all_pairs_stored",
                node.line,
                node.end,
                f"{grown} stores a value for every pair of items (O(n²) memory) but only a summary of them is used",
                "Keep the running best (or total) while you loop instead of storing every pair.",
                "medium",
                ["problem_confirms"] if optimal is not None else [],
            )
        ]
    return []


def _only_reduced(function: p.Function, name: str, filler: p.Node) -> bool:
    """Every other use of ``name`` is a reduction (``max(name)``) or its length."""
    uses = 0
    for node in p.walk(function.body):
        if isinstance(node, p.Call) and node.name in _REDUCTIONS:
            if any(isinstance(a, p.Name) and a.id == name for a in node.args) or any(
                isinstance(a, p.Other) and any(isinstance(x, p.Name) and x.id == name for x in a.parts)
                for a in node.args
            ):
                uses += 1
    return uses > 0
