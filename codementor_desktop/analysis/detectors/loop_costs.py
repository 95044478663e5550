"""Work repeated inside loops: nested loops over the same input, a list searched or sorted or
sliced on every pass, a list used as a queue or a priority queue.

Patterns: ``suboptimal_time_complexity`` and ``data_structure_choice``.
"""

from __future__ import annotations

from .. import program as p
from ..complexity_classes import LINEAR, Growth
from ..context import Context
from ..facts import LoopInfo, Scope, family_in_context, walk_with_loops
from ..findings import Finding

TIME = "suboptimal_time_complexity"
CHOICE = "data_structure_choice"
_LINEAR_SCANS = {"index", "count"}
_FRONT_OPERATIONS = {"pop", "insert"}


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        constants = constant_collections(scope)
        found.extend(_nested_loops(ctx, scope))
        found.extend(_scan_where_log_suffices(ctx, scope, constants))
        for node, loops in walk_with_loops(scope.function.body, scope):
            if not loops:
                continue
            found.extend(_membership(ctx, scope, node, loops, constants))
            found.extend(_sort_or_slice(ctx, scope, node, loops))
            found.extend(_queue_front(ctx, scope, node, loops))
        found.extend(_priority_queue(ctx, scope))
    return found


def constant_collections(scope: Scope) -> set[str]:
    """Names bound to a literal of constants and never changed: ``vowels = "aeiou"``."""
    literal, changed = set(), set()
    for node in p.walk(scope.function.body):
        if isinstance(node, p.Assign):
            for target in node.targets:
                if isinstance(target, p.Name) and node.op is None and _is_constant_literal(node.value):
                    literal.add(target.id)
                elif isinstance(target, p.Name) and node.op is not None:
                    changed.add(target.id)
        elif isinstance(node, p.Call) and isinstance(node.receiver, p.Name):
            changed.add(node.receiver.id)
    return literal - changed


def _is_constant_literal(value: p.Expr | None) -> bool:
    if isinstance(value, p.Const):
        return True
    if isinstance(value, p.Seq):
        return all(_is_constant_literal(item) for item in value.items)
    if isinstance(value, p.Call) and value.name in ("set", "frozenset", "list", "tuple") and len(value.args) == 1:
        return _is_constant_literal(value.args[0])
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


def _with_run(ctx: Context, evidence: list[str]) -> list[str]:
    return [*evidence, "timed_out"] if ctx.run.timed_out() else evidence


# ---- nested loops ------------------------------------------------------------------------


def _nested_loops(ctx: Context, scope: Scope) -> list[Finding]:
    found: list[Finding] = []
    reported: set[int] = set()
    for node, loops in walk_with_loops(scope.function.body, scope):
        if not isinstance(node, (p.Loop, p.Comprehension)) or not loops:
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
                _nested_suggestion(ctx),
                "high",
                _with_run(ctx, evidence),
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
                    _with_run(ctx, ["problem_confirms"]),
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


def _nested_suggestion(ctx: Context) -> str:
    optimal = ctx.problem.optimal_time
    target = f" to reach {optimal.notation()}" if optimal is not None else ""
    return f"Remember what earlier passes saw (a hash map or set), or sort once and use two pointers{target}."


# ---- membership and linear scans ---------------------------------------------------------


def _membership(ctx: Context, scope: Scope, node: p.Node, loops: list[LoopInfo], constants: set[str]) -> list[Finding]:
    if isinstance(node, p.Compare):
        for op, container in zip(node.ops, node.rights, strict=True):
            if op not in ("in", "not in"):
                continue
            kind = _container_kind(ctx, scope, container, constants)
            if kind is None:
                continue
            return _linear_lookup(ctx, node, loops, container, kind)
    if isinstance(node, p.Compare) and len(node.ops) == 1 and isinstance(node.left, p.Call) and _is_found_test(node):
        scan = node.left
        kind = _container_kind(ctx, scope, scan.receiver, constants) if scan.receiver is not None else None
        if kind is not None and kind != "str":
            return _linear_lookup(ctx, node, loops, scan.receiver, kind)  # type: ignore[arg-type]
    if isinstance(node, p.Call) and node.name in _LINEAR_SCANS and node.receiver is not None:
        kind = _container_kind(ctx, scope, node.receiver, constants)
        if kind is not None and node.args:
            growth = implied(loops)
            evidence = slower_than_optimal(ctx, growth)
            if evidence is None:
                return []
            what = _show(node.receiver)
            return [
                Finding(
                    TIME,
                    "linear_scan_in_loop",
                    node.line,
                    node.end,
                    f"{what}.{node.name}(...) scans the whole {kind} on every pass of the loop: {growth.notation()}",
                    "Count or index the values once before the loop (a dict from value to count or position).",
                    "medium",
                    _with_run(ctx, evidence),
                )
            ]
    return []


def _is_found_test(node: p.Compare) -> bool:
    """``xs.index(v) != -1`` (JavaScript's indexOf) or ``xs.count(v) > 0``: a membership test."""
    scan = node.left
    assert isinstance(scan, p.Call)
    value = p.const_int(node.rights[0])
    if scan.name == "index":
        return value == -1
    return scan.name == "count" and value == 0 and node.ops[0] in (">", "!=", "==")


def _linear_lookup(ctx: Context, node: p.Compare, loops: list[LoopInfo], container: p.Expr, kind: str) -> list[Finding]:
    growth = implied(loops)
    what = _show(container)
    found = []
    evidence = slower_than_optimal(ctx, growth)
    if evidence is not None:
        found.append(
            Finding(
                TIME,
                "membership_in_loop" if kind != "str" else "substring_search_in_loop",
                node.line,
                node.end,
                f"`in` on the {kind} {what} inside a loop scans it every time: {growth.notation()}",
                f"Put the values of {what} in a set (or a dict) once; a lookup is then O(1).",
                "high" if kind != "str" else "medium",
                _with_run(ctx, evidence),
            )
        )
    if kind != "str":
        found.append(
            Finding(
                CHOICE,
                "list_membership_in_loop",
                node.line,
                node.end,
                f"{what} is a list used for membership tests",
                f"Keep {what} as a set (or a dict) when you ask whether a value is in it.",
                "medium",
                [],
            )
        )
    return found


def _container_kind(ctx: Context, scope: Scope, container: p.Expr, constants: set[str]) -> str | None:
    """``list``/``str`` when ``x in container`` scans a growing sequence, else None."""
    if isinstance(container, p.Name):
        if container.id in constants:
            return None
        kind = scope.kind(container.id)
        if kind in ("list", "deque"):
            return "list"
        if kind == "seq":
            return "list"
        if kind == "str":
            return "str" if scope.is_input(container.id) else None
        if ctx.language == "javascript" and kind == "unknown":
            return "list"  # only arrays and strings have includes()/indexOf()
        return None
    if isinstance(container, p.Call) and container.name in ("list", "sorted") and container.args:
        return "list" if not _is_constant_literal(container.args[0]) else None
    return None


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
                f"{_show(subject)} is sorted again on every pass of the loop: {growth.notation()}",
                "Sort once before the loop, or keep the values in a heap (or insert with bisect) as they arrive.",
                "high",
                _with_run(ctx, evidence),
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
                f"{_show(node)} copies a growing part of {root} on every pass: {growth.notation()}",
                "Keep a running total (or prefix sums) instead of slicing and summing again.",
                "high",
                _with_run(ctx, evidence),
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


# ---- lists used as queues ----------------------------------------------------------------


def _queue_front(ctx: Context, scope: Scope, node: p.Node, loops: list[LoopInfo]) -> list[Finding]:
    if not isinstance(node, p.Call) or node.name not in _FRONT_OPERATIONS or node.receiver is None:
        return []
    if not node.args or p.const_int(node.args[0]) != 0:
        return []
    root = p.root_name(node.receiver)
    if root is None or scope.kind(root) in ("deque", "dict", "set", "str"):
        return []
    front = "removes the first item" if node.name == "pop" else "inserts at the front"
    return [
        Finding(
            CHOICE,
            "list_as_queue",
            node.line,
            node.end,
            f"{_show(node.receiver)} {front} of a list inside a loop: each call shifts every element (O(n))",
            "Use collections.deque (popleft/appendleft) in Python, or a moving head index in JavaScript.",
            "medium",
            [],
        )
    ]


def _priority_queue(ctx: Context, scope: Scope) -> list[Finding]:
    """``min(pool)`` then ``pool.remove(...)`` (or a sort then a pop) on every pass: a heap's job."""
    found: list[Finding] = []
    for loop in p.walk(scope.function.body, into_functions=False):
        if not isinstance(loop, p.Loop):
            continue
        picked, removed = {}, set()
        for node in p.walk(loop.body, into_functions=False):
            if isinstance(node, p.Call) and node.name in ("min", "max") and len(node.args) == 1:
                root = p.root_name(node.args[0])
                if root:
                    picked[root] = node
            if isinstance(node, p.Call) and node.name == "sort" and isinstance(node.receiver, p.Name):
                picked[node.receiver.id] = node
            if isinstance(node, p.Call) and node.name in ("remove", "pop") and isinstance(node.receiver, p.Name):
                if node.name == "remove" or (node.args and p.const_int(node.args[0]) == 0) or not node.args:
                    removed.add(node.receiver.id)
        for name in sorted(set(picked) & removed):
            if scope.kind(name) in ("heap", "dict", "set"):
                continue
            found.append(
                Finding(
                    CHOICE,
                    "list_as_priority_queue",
                    loop.line,
                    loop.end,
                    f"{name} is searched for its smallest (or largest) item and shrunk on every pass",
                    "Keep it in a heap (heapq / a priority queue): push and pop are O(log n).",
                    "medium",
                    [],
                )
            )
    return found


def _show(expr: p.Expr | None) -> str:
    if isinstance(expr, p.Name):
        return expr.id
    if isinstance(expr, p.Attr):
        return f"{_show(expr.obj)}.{expr.name}"
    if isinstance(expr, (p.Index, p.Slice)):
        return f"{_show(expr.obj)}[...]"
    if isinstance(expr, p.Call):
        return f"{expr.name}(...)"
    return "the list"
