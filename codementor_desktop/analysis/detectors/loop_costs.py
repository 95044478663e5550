"""Work repeated inside loops: nested loops over the same input, a sort or a growing slice on
every pass, one pass over the input where a binary search would do.

Pattern: ``suboptimal_time_complexity`` (searching a list in a loop is in ``containers``).
"""

from __future__ import annotations

from .. import program as p
from ..complexity_alphabet import alphabet_bounded
from ..complexity_classes import LINEAR, Growth
from ..complexity_hints import NESTED, SLICE, SORT, time_hint
from ..context import Context
from ..facts import Scope
from ..findings import Finding
from ..loops import LoopInfo, family_in_context, runs_once, walk_with_loops

TIME = "suboptimal_time_complexity"
CHOICE = "data_structure_choice"


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        constants = constant_collections(scope)
        once = runs_once(scope.function.body)  # work on the way out of the function is paid once
        found.extend(_nested_loops(ctx, scope))
        found.extend(_scan_where_log_suffices(ctx, scope, constants))
        for node, loops in walk_with_loops(scope.function.body, scope):
            if loops and id(node) not in once:
                found.extend(_sort_or_slice(ctx, scope, node, loops))
    return found


def constant_collections(scope: Scope) -> set[str]:
    """Names bound to a literal of constants and never changed: ``vowels = "aeiou"``."""
    literal, changed = set(), set()
    for node in p.walk(scope.function.body):
        if isinstance(node, p.Assign):
            for target in node.targets:
                if isinstance(target, p.Name) and node.op is None and is_constant_literal(node.value):
                    literal.add(target.id)
                elif isinstance(target, p.Name) and node.op is not None:
                    changed.add(target.id)
        elif isinstance(node, p.Call) and isinstance(node.receiver, p.Name):
            changed.add(node.receiver.id)
    return literal - changed


def is_constant_literal(value: p.Expr | None) -> bool:
    if isinstance(value, p.Const):
        return True
    if isinstance(value, p.Seq):
        return all(is_constant_literal(item) for item in value.items)
    if isinstance(value, p.Call) and value.name in ("set", "frozenset", "list", "tuple") and len(value.args) == 1:
        return is_constant_literal(value.args[0])
    return False


def implied(loops: list[LoopInfo], extra: Growth = LINEAR) -> Growth:
    """The cost of ``extra`` work repeated by the input-sized loops around it."""
    growth = extra
    for info in loops:
        if info.family is not None or (isinstance(info.node, p.Loop) and info.node.kind == "while"):
            growth = growth * LINEAR
    return growth


def slower_than_optimal(ctx: Context, growth: Growth) -> list[str] | None:
    """Evidence for a slower-than-needed cost, or None when the problem says it is optimal."""
    optimal = ctx.problem.optimal_time
    if optimal is not None:
        return ["problem_confirms"] if growth > optimal else None
    if ctx.problem.optimal_time_text:
        # Several sizes (O(rows * cols), O(V + E)): compare with every size read as n, and say
        # nothing when even that cannot be read.
        loose = ctx.problem.loose_time
        return [] if loose is not None and growth > loose else None
    return ["problem_unknown"] if not ctx.problem.known else []


def with_run(ctx: Context, evidence: list[str]) -> list[str]:
    return [*evidence, "timed_out"] if ctx.run.timed_out() else evidence


# ---- nested loops ------------------------------------------------------------------------


def _nested_loops(ctx: Context, scope: Scope) -> list[Finding]:
    found: list[Finding] = []
    reported: set[int] = set()
    once = runs_once(scope.function.body)
    for node, loops in walk_with_loops(scope.function.body, scope):
        if not isinstance(node, (p.Loop, p.Comprehension)) or not loops or id(node) in once:
            continue
        inner = [info for info in loops if info.node is not node]
        family = family_in_context(node, inner, scope)
        if family is None:
            continue
        chain = [info for info in inner if info.family == family]
        if not chain or id(chain[0].node) in reported:
            continue
        if _is_grid_walk(node, chain, scope) or scope.kind(family) == "int" and _bounded_by_outer(node, chain):
            continue
        if not ctx.problem.known and _fills_table(node, chain):
            continue  # a dynamic-programming fill (ok[end] from ok[start]): the algorithm itself
        depth = len(chain) + 1
        growth = Growth(degree=depth)
        evidence = slower_than_optimal(ctx, growth)
        if evidence is None:
            continue
        outer = chain[0].node
        reported.add(id(outer))
        found.append(
            Finding(
                TIME,
                "nested_loops_same_input",
                outer.line,
                node.end,
                f"{depth} nested loops run over {family}: {growth.notation()} work",
                _nested_suggestion(ctx, node),
                "high",
                with_run(ctx, evidence),
            )
        )
    return found


_LINEAR_BUILTINS = {"index", "count", "min", "max", "sum"}


def _scan_where_log_suffices(ctx: Context, scope: Scope, constants: set[str]) -> list[Finding]:
    """One pass over the input where the problem is solved in O(log n) (a sorted input)."""
    optimal = ctx.problem.optimal_time
    if optimal is None or not optimal < LINEAR:
        return []
    for node, loops in walk_with_loops(scope.function.body, scope):
        scan: p.Node | None = None
        if isinstance(node, (p.Loop, p.Comprehension)) and family_in_context(node, loops, scope) in scope.all_inputs():
            scan = node
        elif (
            isinstance(node, p.Compare)
            and "in" in node.ops
            and any(scope.is_input(p.root_name(r)) for r in node.rights)
        ):
            scan = node
        elif isinstance(node, p.Call) and node.name in _LINEAR_BUILTINS:
            subject = node.receiver if node.receiver is not None else (node.args[0] if len(node.args) == 1 else None)
            if isinstance(subject, p.Name) and scope.is_input(subject.id) and scope.kind(subject.id) != "int":
                scan = node
        if scan is not None:
            return [
                Finding(
                    TIME,
                    "linear_where_log_suffices",
                    scan.line,
                    scan.end,
                    f"the code reads the whole input (O(n)) where {optimal.notation()} is possible",
                    "Use the order of the input: a binary search halves the range at every step.",
                    "high",
                    with_run(ctx, ["problem_confirms"]),
                )
            ]
    return []


def _is_grid_walk(node: p.Loop | p.Comprehension, chain: list[LoopInfo], scope: Scope) -> bool:
    """``for i in range(n): for j in range(n): grid[i][j]``: the cells of a square grid."""
    outer_targets = {t for info in chain for t in info.targets}
    inner_targets = set(node.targets)
    for sub in p.walk(node.body):
        if isinstance(sub, p.Index) and isinstance(sub.obj, p.Index):
            first, second = p.names_in(sub.obj.index), p.names_in(sub.index)
            if first & outer_targets and second & inner_targets:
                return True
    return False


def _fills_table(node: p.Loop | p.Comprehension, chain: list[LoopInfo]) -> bool:
    """The inner loop writes a table cell indexed by the outer loop's variable."""
    outer = {t for info in chain for t in info.targets}
    for sub in p.walk(node.body):
        if isinstance(sub, p.Assign):
            for target in sub.targets:
                if isinstance(target, p.Index) and p.names_in(target.index) & outer:
                    return True
    return False


def _bounded_by_outer(node: p.Loop | p.Comprehension, chain: list[LoopInfo]) -> bool:
    """``for i in range(n): for j in range(i * i, n, i)``: a sieve-like stride, not n²."""
    if not isinstance(node.iter, p.Call) or node.iter.name != "range" or len(node.iter.args) < 3:
        return False
    outer = {t for info in chain for t in info.targets}
    return bool(p.names_in(node.iter.args[2]) & outer)


def _nested_suggestion(ctx: Context, inner: p.Node) -> str:
    return time_hint(ctx, NESTED, inner, _reach(ctx))


def _reach(ctx: Context) -> str:
    optimal = ctx.problem.optimal_time
    return f" (to reach {optimal.notation()})" if optimal is not None else ""


# ---- sorting and slicing in a loop -------------------------------------------------------


def _sort_or_slice(ctx: Context, scope: Scope, node: p.Node, loops: list[LoopInfo]) -> list[Finding]:
    targets = {t for info in loops for t in info.targets}
    if isinstance(node, p.Call) and node.name in ("sort", "sorted"):
        subject = node.receiver if node.name == "sort" else (node.args[0] if node.args else None)
        root = p.root_name(subject)
        if root is None or root in targets or _derived_from(scope, root, targets):
            return []
        if not (scope.is_input(root) or scope.kind(root) in ("list", "seq", "unknown")):
            return []
        if root in alphabet_bounded(ctx, scope):
            return []  # a handful of letters sorted again: bounded by the alphabet
        growth = implied(loops, Growth(degree=1, logs=1))
        evidence = slower_than_optimal(ctx, growth)
        if evidence is None:
            return []
        return [
            Finding(
                TIME,
                "sort_in_loop",
                node.line,
                node.end,
                f"{show(subject)} is sorted again on every pass of the loop: {growth.notation()}",
                time_hint(ctx, SORT, node, _reach(ctx)),
                "high",
                with_run(ctx, evidence),
            )
        ]
    if isinstance(node, p.Slice) and _grows_with(node, targets):
        root = p.root_name(node.obj)
        if root is None or root in targets or _derived_from(scope, root, targets):
            return []  # a slice of the loop's own item (one word), not of the input
        if not (scope.is_input(root) or scope.kind(root) in ("list", "str", "seq")):
            return []
        if any(info.node.iter is node for info in loops) or _handed_to_call(scope, node):
            return []
        growth = implied(loops)
        evidence = slower_than_optimal(ctx, growth)
        if evidence is None:
            return []
        return [
            Finding(
                TIME,
                "slice_in_loop",
                node.line,
                node.end,
                f"{show(node)} copies a growing part of {root} on every pass: {growth.notation()}",
                time_hint(ctx, SLICE, node, _reach(ctx)),
                "high",
                with_run(ctx, evidence),
            )
        ]
    return []


def _handed_to_call(scope: Scope, node: p.Node) -> bool:
    """A slice handed to a call that keeps it (a recursive step of a backtracking search, an
    append of a prefix): it builds a subproblem or an answer, not a repeated read of the input."""
    for call in p.walk(scope.function.body):
        if isinstance(call, p.Call) and call.name not in _BUILTIN_READERS:
            if any(any(n is node for n in p.walk(arg)) for arg in call.args):
                return True
    return False


_BUILTIN_READERS = {
    "sum",
    "len",
    "max",
    "min",
    "sorted",
    "set",
    "list",
    "reduce",
    "join",
    "any",
    "all",
    "tuple",
    "count",
    "index",
}


def _derived_from(scope: Scope, name: str, targets: set[str]) -> bool:
    """Whether ``name`` was computed from a loop variable (``letters = list(word)``)."""
    for node in p.walk(scope.function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.value is not None:
            if any(isinstance(t, p.Name) and t.id == name for t in node.targets):
                if p.names_in(node.value) & targets:
                    return True
    return False


def _grows_with(node: p.Slice, targets: set[str]) -> bool:
    """``x[i:]``, ``x[:i]``, ``x[i + 1:]``: one open (or constant) side, the other moving with the loop."""
    lower, upper = node.lower, node.upper
    moving = [b for b in (lower, upper) if b is not None and p.names_in(b) & targets]
    fixed = [b for b in (lower, upper) if b is None or not (p.names_in(b) & targets)]
    if len(moving) != 1 or len(fixed) != 1:
        return False
    other = fixed[0]
    return other is None or p.const_int(other) is not None or (isinstance(other, p.Call) and other.name == "len")


def show(expr: p.Expr | None) -> str:
    if isinstance(expr, p.Name):
        return expr.id
    if isinstance(expr, p.Attr):
        return f"{show(expr.obj)}.{expr.name}"
    if isinstance(expr, (p.Index, p.Slice)):
        return f"{show(expr.obj)}[...]"
    if isinstance(expr, p.Call):
        return f"{expr.name}(...)"
    return "the list"
