"""Control-flow questions the detectors share: does a statement always leave its block, which
names does a condition test directly, which statements come before a node, what guards it."""

from __future__ import annotations

from collections.abc import Iterator

from .. import program as p

_CHANGES_FIRST_ARGUMENT = {
    "heappush",
    "heappop",
    "heapify",
    "heapreplace",
    "heappushpop",
    "insort",
    "insort_left",
    "insort_right",
}


def terminates(stmt: p.Stmt) -> bool:
    """Whether control never falls through ``stmt`` to the next statement."""
    if isinstance(stmt, p.Return):
        return True
    if isinstance(stmt, p.Jump):
        return True
    if isinstance(stmt, p.If):
        return bool(stmt.orelse) and block_terminates(stmt.body) and block_terminates(stmt.orelse)
    if isinstance(stmt, p.Block):
        return block_terminates(stmt.body)
    if isinstance(stmt, p.Try):
        return block_terminates(stmt.body) and all(block_terminates(h) for h in stmt.handlers) and not stmt.orelse
    if isinstance(stmt, p.Loop):
        return is_forever(stmt) and not has_break(stmt.body)
    return False


def block_terminates(stmts: list[p.Stmt]) -> bool:
    return any(terminates(s) for s in stmts)


def exits(stmts: list[p.Stmt]) -> bool:
    """Whether the block always leaves the function (return or raise), not only the loop."""
    for stmt in stmts:
        if isinstance(stmt, p.Return) or (isinstance(stmt, p.Jump) and stmt.kind == "raise"):
            return True
        if isinstance(stmt, p.If) and stmt.orelse and exits(stmt.body) and exits(stmt.orelse):
            return True
        if isinstance(stmt, p.Jump):
            return False
    return False


def is_forever(loop: p.Loop) -> bool:
    """``while True`` / ``for (;;)``."""
    return loop.kind == "while" and isinstance(loop.test, p.Const) and bool(loop.test.value) is True


def has_break(stmts: list[p.Stmt]) -> bool:
    """A ``break`` that leaves this loop (not one of a loop or a switch nested in it)."""
    for stmt in stmts:
        if isinstance(stmt, p.Jump) and stmt.kind == "break":
            return True
        if isinstance(stmt, p.If) and (has_break(stmt.body) or has_break(stmt.orelse)):
            return True
        if isinstance(stmt, p.Block) and has_break(stmt.body):
            return True
        if isinstance(stmt, p.Try) and any(has_break(b) for b in (stmt.body, *stmt.handlers, stmt.final)):
            return True
    return False


def has_exit(stmts: list[p.Stmt]) -> bool:
    """A return, raise or break anywhere in the loop body (nested functions and loops aside for break)."""
    for node in p.walk(stmts, into_functions=False):
        if isinstance(node, p.Function):
            continue
        if isinstance(node, p.Return) or (isinstance(node, p.Jump) and node.kind == "raise"):
            return True
    return has_break(stmts)


def tested_names(test: p.Expr | None) -> set[str]:
    """Names a condition tests directly: ``x``, ``not x``, ``len(x)``, ``x is None``, ``i < n``;
    not names only read through an index or an attribute (``x[0]``, ``x.left``)."""
    found: set[str] = set()

    def visit(expr: p.Node | None) -> None:
        if expr is None:
            return
        if isinstance(expr, p.Name):
            found.add(expr.id)
        elif isinstance(expr, p.Call) and expr.name == "len" and expr.args:
            visit(expr.args[0])
        elif isinstance(expr, (p.Unary, p.BoolOp, p.Compare, p.BinOp, p.Ternary)):
            for child in p.children(expr):
                visit(child)
        elif isinstance(expr, p.Other):
            for part in expr.parts:
                visit(part)

    visit(test)
    return found


def guard_chain(body: list[p.Stmt], target: p.Node) -> Iterator[p.Expr]:
    """Every condition that holds (or has been checked) when ``target`` runs: the tests of the
    ``if``/``while``/``and``/ternaries around it, and the tests of earlier ``if`` statements that
    leave the function."""
    path = path_to(body, target)
    if path is None:
        return
    for depth, node in enumerate(path):
        following = path[depth + 1] if depth + 1 < len(path) else target
        if isinstance(node, p.If):
            yield node.test
        elif isinstance(node, p.Loop) and node.test is not None and following is not node.test:
            yield node.test
        elif isinstance(node, p.BoolOp):
            for value in node.values:
                if value is following or _contains(value, following):
                    break
                yield value
        elif isinstance(node, p.Ternary) and following is not node.test:
            yield node.test
        elif isinstance(node, p.Try):
            yield p.Const(node.line, node.line, True)  # a try block guards what fails in it
        statements = _statement_list_holding(node, following)
        for stmt in statements:
            if stmt is following:
                break
            if isinstance(stmt, p.If) and (block_terminates(stmt.body) or block_terminates(stmt.orelse)):
                yield stmt.test


def _statement_list_holding(node: p.Node, child: p.Node) -> list[p.Stmt]:
    for name in ("body", "orelse", "update", "final"):
        stmts = getattr(node, name, None)
        if isinstance(stmts, list) and any(s is child for s in stmts):
            return stmts
    if isinstance(node, p.Try):
        for handler in node.handlers:
            if any(s is child for s in handler):
                return handler
    if isinstance(node, p.Switch):
        for case in node.cases:
            if any(s is child for s in case):
                return case
    return []


def _contains(outer: p.Node, inner: p.Node) -> bool:
    return any(n is inner for n in p.walk(outer))


def path_to(body: list[p.Stmt], target: p.Node) -> list[p.Node] | None:
    """The chain of nodes from the top of ``body`` down to (not including) ``target``."""
    root = p.Block(0, 0, body)

    def search(node: p.Node, trail: list[p.Node]) -> list[p.Node] | None:
        for child in p.children(node):
            if child is target:
                return [*trail, node]
            found = search(child, [*trail, node])
            if found is not None:
                return found
        return None

    return search(root, [])


def is_guarded(body: list[p.Stmt], target: p.Node, names: set[str]) -> bool:
    """Whether a condition on one of ``names`` (tested directly) holds around ``target``."""
    for test in guard_chain(body, target):
        if isinstance(test, p.Const) and test.value is True:
            return True
        if tested_names(test) & names:
            return True
    return False


def modified_names(stmts: list[p.Stmt] | p.Node, attributes: bool = True) -> set[str]:
    """Names assigned, augmented, or changed through a method call, anywhere below.

    With ``attributes=False`` a write to ``node.next`` does not count as changing ``node``
    (the variable still names the same node)."""
    found: set[str] = set()
    for node in p.walk(stmts):
        if isinstance(node, p.Assign):
            for target in node.targets:
                found.update(p.assigned_names(target))
                root = p.root_name(target)
                if root and (attributes or not isinstance(target, p.Attr)):
                    found.add(root)
        elif isinstance(node, p.Loop):
            found.update(node.targets)
        elif isinstance(node, p.Call):
            if node.receiver is not None:
                root = p.root_name(node.receiver)
                if root:
                    found.add(root)
            if node.name in _CHANGES_FIRST_ARGUMENT and node.args:
                root = p.root_name(node.args[0])  # heappush(heap, x) changes heap
                if root:
                    found.add(root)
        elif isinstance(node, p.Other):
            for part in node.parts:  # JavaScript: an assignment used as an expression
                found.update(p.assigned_names(part))
    return found
