"""A list where another container fits: searched with ``in`` (or ``index``/``count``) inside a
loop where a set or a dict answers in O(1), emptied from the front where a deque fits, scanned
for its smallest item where a heap fits.

Patterns: ``data_structure_choice`` and, for the repeated search, ``suboptimal_time_complexity``.
"""

from __future__ import annotations

from .. import program as p
from ..complexity_alphabet import alphabet_bounded
from ..complexity_hints import EXTREME, time_hint
from ..context import Context
from ..facts import Scope
from ..findings import Finding
from ..loops import LoopInfo, walk_with_loops
from .loop_costs import (
    CHOICE,
    TIME,
    constant_collections,
    implied,
    is_constant_literal,
    show,
    slower_than_optimal,
    with_run,
)

_LINEAR_SCANS = {"index", "count"}
_FRONT_OPERATIONS = {"pop", "insert"}


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        constants = constant_collections(scope)
        for node, loops in walk_with_loops(scope.function.body, scope):
            if loops:
                found.extend(_membership(ctx, scope, node, loops, constants))
                found.extend(_queue_front(ctx, scope, node, loops))
        found.extend(_priority_queue(ctx, scope))
        found.extend(_list_as_map(ctx, scope))
    return found


def _list_as_map(ctx: Context, scope: Scope) -> list[Finding]:
    """``for entry in pairs: if entry[0] == word`` inside a loop over the input, with ``pairs``
    a list the function fills: a search for a key where a dict finds it at once."""
    for node, loops in walk_with_loops(scope.function.body, scope):
        if not loops or not isinstance(node, (p.Loop, p.Comprehension)) or not isinstance(node.iter, p.Name):
            continue
        name = node.iter.id
        if scope.kind(name) != "list" or scope.family(name) != name or scope.is_input(name):
            continue
        outer = {t for info in loops for t in info.targets}
        entries = set(node.targets)
        for test in p.walk(node.body):
            if not isinstance(test, p.Compare) or test.ops != ["=="]:
                continue
            sides = [test.left, *test.rights]
            keyed = any(p.root_name(side) in entries for side in sides)
            probe = any(p.names_in(side) & outer and not p.names_in(side) & entries for side in sides)
            if keyed and probe:
                growth = implied(loops)
                evidence = slower_than_optimal(ctx, growth)
                found = [
                    Finding(
                        CHOICE,
                        "list_as_map",
                        node.line,
                        node.end,
                        f"{name} is searched entry by entry for a key on every pass",
                        f"Keep {name} as a dict keyed by what you compare: one lookup instead of a scan.",
                        "medium",
                        [],
                    )
                ]
                if evidence is not None:
                    found.append(
                        Finding(
                            TIME,
                            "linear_search_in_loop",
                            node.line,
                            node.end,
                            f"the search through {name} inside the loop costs {growth.notation()} in all",
                            "A dict from key to entry makes each search O(1).",
                            "high",
                            with_run(ctx, evidence),
                        )
                    )
                return found
    return []


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
            what = show(node.receiver)
            return [
                Finding(
                    TIME,
                    "linear_scan_in_loop",
                    node.line,
                    node.end,
                    f"{what}.{node.name}(...) scans the whole {kind} on every pass of the loop: {growth.notation()}",
                    "Count or index the values once before the loop (a dict from value to count or position).",
                    "medium",
                    with_run(ctx, evidence),
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
    what = show(container)
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
                with_run(ctx, evidence),
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
        return "list" if not is_constant_literal(container.args[0]) else None
    return None


def _queue_front(ctx: Context, scope: Scope, node: p.Node, loops: list[LoopInfo]) -> list[Finding]:
    if not isinstance(node, p.Call) or node.name not in _FRONT_OPERATIONS or node.receiver is None:
        return []
    if not node.args or p.const_int(node.args[0]) != 0:
        return []
    root = p.root_name(node.receiver)
    if root is None or scope.kind(root) in ("deque", "dict", "set", "str"):
        return []
    if root in alphabet_bounded(ctx, scope):
        return []  # a queue of letters: shifting it costs at most the alphabet
    front = "removes the first item" if node.name == "pop" else "inserts at the front"
    return [
        Finding(
            CHOICE,
            "list_as_queue",
            node.line,
            node.end,
            f"{show(node.receiver)} {front} of a list inside a loop: each call shifts every element (O(n))",
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
            if scope.kind(name) in ("heap", "dict", "set") or name in alphabet_bounded(ctx, scope):
                continue
            found.append(
                Finding(
                    CHOICE,
                    "list_as_priority_queue",
                    loop.line,
                    loop.end,
                    f"{name} is searched for its smallest (or largest) item and shrunk on every pass",
                    time_hint(ctx, EXTREME, loop),
                    "medium",
                    [],
                )
            )
    return found
