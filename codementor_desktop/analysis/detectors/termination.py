"""Loops that may never end: the condition's variables never change (or change only on some
paths), a counter that moves away from its bound, ``while True`` without a way out, a binary
search whose ``lo = mid`` can stop moving.

Pattern: ``infinite_loop_risk``; a time-limit verdict confirms it.
"""

from __future__ import annotations

from .. import program as p
from ..context import Context
from ..findings import Finding
from .flow import block_terminates, has_exit, is_forever, modified_names

LOOP = "infinite_loop_risk"


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    helpers = {f.name for f in ctx.program.functions()}
    for scope in ctx.scopes:
        for loop in p.walk(scope.function.body, into_functions=False):
            if isinstance(loop, p.Loop) and loop.kind == "while" and not _calls_helper(loop, helpers):
                finding = _check(ctx, loop)
                if finding is not None:
                    found.append(finding)
    return found


def _evidence(ctx: Context) -> list[str]:
    if ctx.run.timed_out():
        return ["timed_out", "tests_confirm"]
    if ctx.run.all_passed():
        return ["tests_contradict"]
    return []


def _check(ctx: Context, loop: p.Loop) -> Finding | None:
    if is_forever(loop):
        if has_exit(loop.body):
            return None
        return _finding(
            ctx, loop, "forever_without_exit", "the loop is `while True` with no break, return or raise: it never ends"
        )
    variables = p.names_in(loop.test) - _called(loop.test)
    if not variables or _calls_something(loop.test):
        return None
    changed = modified_names([*loop.body, *loop.update], attributes=False) | _attributes_tested(loop)
    if not variables & changed:
        if block_terminates(loop.body):
            return None  # a loop that always leaves on its first pass
        names = ", ".join(sorted(variables))
        return _finding(
            ctx, loop, "condition_never_changes", f"nothing in the loop changes {names}, which its condition tests"
        )
    if not _progress(loop.update, variables) and not _progress(loop.body, variables):
        return _finding(
            ctx,
            loop,
            "progress_on_some_paths",
            "on some path through the loop body nothing its condition tests changes, so that pass repeats forever",
        )
    away = _moves_away(loop, variables)
    if away:
        return _finding(
            ctx, loop, "counter_moves_away", f"{away} moves away from its bound, so the condition stays true"
        )
    stuck = _stuck_search(loop)
    if stuck:
        return _finding(ctx, loop, "search_bound_stalls", stuck)
    return None


def _calls_helper(loop: p.Loop, helpers: set[str]) -> bool:
    """A loop that calls one of the program's own functions: that function may move its state."""
    return any(isinstance(n, p.Call) and n.name in helpers for n in p.walk([*loop.body, *loop.update]))


def _attributes_tested(loop: p.Loop) -> set[str]:
    """Roots of attributes the loop both writes and tests (``while node.next: node.next = ...``)."""
    found: set[str] = set()
    for node in p.walk([*loop.body, *loop.update]):
        if isinstance(node, p.Assign):
            for target in node.targets:
                tested = list(p.walk(loop.test)) if loop.test is not None else []
                if isinstance(target, p.Attr) and any(p.same_expr(target, part) for part in tested):
                    root = p.root_name(target)
                    if root:
                        found.add(root)
    return found


def _called(test: p.Expr | None) -> set[str]:
    return {n.name for n in p.walk(test) if isinstance(n, p.Call)} if test is not None else set()


def _calls_something(test: p.Expr | None) -> bool:
    """A condition that calls a function (other than len) may change by itself."""
    return any(isinstance(n, p.Call) and n.name not in ("len",) for n in p.walk(test)) if test is not None else False


def _progress(stmts: list, variables: set[str]) -> bool:
    """Whether every path through ``stmts`` changes one of ``variables`` or leaves the loop."""
    for stmt in stmts:
        if isinstance(stmt, p.Return) or (isinstance(stmt, p.Jump) and stmt.kind in ("break", "raise")):
            return True
        if isinstance(stmt, p.Jump) and stmt.kind == "continue":
            return False
        if isinstance(stmt, p.If):
            if _progress(stmt.body, variables) and _progress(stmt.orelse, variables):
                return True
            if modified_names(stmt.test) & variables:
                return True
            if _progress(stmt.orelse, variables) and _moves_own_test(stmt):
                return True  # the branch moves what its test reads, until the other branch runs
            continue
        if isinstance(stmt, p.Block) and _progress(stmt.body, variables):
            return True
        if isinstance(stmt, p.Try) and _progress(stmt.body, variables):
            return True
        if isinstance(stmt, p.Switch) and stmt.cases and all(_progress(case, variables) for case in stmt.cases):
            return True
        if isinstance(stmt, p.Loop):
            # A nested loop is taken to run: it usually does (it drains the same queue), and
            # precision matters more here than the rare loop that runs zero times.
            tested = modified_names(stmt.test) if stmt.test is not None else set()
            if modified_names([*stmt.body, *stmt.update]) & variables or tested & variables:
                return True
            continue
        if isinstance(stmt, (p.Function, p.ClassDef, p.Switch, p.Try, p.Block)):
            continue
        if modified_names([stmt]) & variables:
            return True
    return False


def _moves_own_test(branch: p.If) -> bool:
    """``if nxt[node] < len(adj[node]): nxt[node] += 1 ...``: before anything can leave the
    branch, it changes what its own test reads, so the same pass cannot repeat unchanged."""
    tested = p.names_in(branch.test)
    for stmt in branch.body:
        if isinstance(stmt, (p.If, p.Loop, p.Jump, p.Return, p.Try, p.Switch, p.Block)):
            return False
        if modified_names([stmt]) & tested:
            return True
    return False


def _moves_away(loop: p.Loop, variables: set[str]) -> str | None:
    """``i < n`` while the loop only ever decreases ``i`` (or ``i > 0`` while it only grows)."""
    test = loop.test
    if not isinstance(test, p.Compare) or len(test.ops) != 1 or not isinstance(test.left, p.Name):
        return None
    name, op = test.left.id, test.ops[0]
    steps = set()
    for node in p.walk([*loop.body, *loop.update]):
        if isinstance(node, p.Assign) and any(isinstance(t, p.Name) and t.id == name for t in node.targets):
            if node.op in ("+", "-") and p.const_int(node.value) is not None:
                amount = p.const_int(node.value) or 0
                steps.add(amount if node.op == "+" else -amount)
            else:
                return None
    if not steps:
        return None
    if op in ("<", "<=") and all(s < 0 for s in steps):
        return name
    if op in (">", ">=") and all(s > 0 for s in steps):
        return name
    return None


def _stuck_search(loop: p.Loop) -> str | None:
    """``lo = mid`` with a rounded-down middle and ``lo < hi``: when hi == lo + 1, mid == lo."""
    test = loop.test
    if not isinstance(test, p.Compare) or len(test.ops) != 1 or not isinstance(test.left, p.Name):
        return None
    low = test.left.id
    rights = test.rights[0]
    if not isinstance(rights, p.Name):
        return None
    high = rights.id
    middles: dict[str, p.Expr] = {}
    for node in p.walk(loop.body):
        if isinstance(node, p.Assign) and node.op is None and isinstance(node.value, p.BinOp):
            if {low, high} <= p.names_in(node.value) and node.value.op == "//":
                for target in node.targets:
                    if isinstance(target, p.Name):
                        middles[target.id] = node.value
    for name, value in middles.items():
        rounds_up = isinstance(value, p.BinOp) and _adds_one(value.left)
        for node in p.walk(loop.body):
            if (
                isinstance(node, p.Assign)
                and node.op is None
                and isinstance(node.value, p.Name)
                and node.value.id == name
            ):
                moved = {t.id for t in node.targets if isinstance(t, p.Name)}
                if low in moved and not rounds_up and test.ops[0] in ("<", "<="):
                    return f"{low} = {name} with {name} rounded down: once {high} == {low} + 1, {name} == {low} and nothing moves"
                if high in moved and test.ops[0] == "<=":
                    return f"{high} = {name} with the loop running while {low} <= {high}: once they meet, nothing moves"
    return None


def _adds_one(expr: p.Expr) -> bool:
    return isinstance(expr, p.BinOp) and expr.op == "+" and (p.const_int(expr.right) == 1 or _adds_one(expr.left))


def _finding(ctx: Context, loop: p.Loop, rule: str, description: str) -> Finding:
    return Finding(
        LOOP,
        rule,
        loop.line,
        loop.end,
        description,
        "Make every pass move towards the end: update the loop variable on every path (or break out).",
        "high",
        _evidence(ctx),
    )
