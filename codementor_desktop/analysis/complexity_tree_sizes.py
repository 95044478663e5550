"""Linked structures' own sizes. The height of a tree as its own size: a walk that goes down one path (inserting into a binary
search tree) takes h steps, and a helper that walks the subtree below each node of a walk over
the whole tree costs n · h in all (each node is counted once per ancestor), not n².

The one-size class stays the worst case (a tree as deep as it has nodes, h = n); the named
reading says which factor is the height.
"""

from __future__ import annotations

from . import program as p
from .facts import Scope

HEIGHT = "@h"  # a size name: the height of the tree
CHILDREN = frozenset({"left", "right"})


def child_of(expr: p.Expr | None) -> str | None:
    """``node.left`` -> ``node``: the node whose child an expression is."""
    if isinstance(expr, p.Attr) and expr.name in CHILDREN and isinstance(expr.obj, p.Name):
        return expr.obj.id
    return None


def walks_one_path(function: p.Function) -> bool:
    """The function calls itself on one child at most on any way through its body
    (``insert(node.left, v)`` in one branch, ``insert(node.right, v)`` in the other): h calls."""
    calls = [
        n
        for n in p.walk(function.body, into_functions=False)
        if isinstance(n, p.Call) and isinstance(n.func, p.Name) and n.func.id == function.name
    ]
    if not calls or not all(any(child_of(a) for a in call.args) for call in calls):
        return False
    if any(isinstance(n, (p.Loop, p.Comprehension)) for n in p.walk(function.body, into_functions=False)):
        return False
    return _most_on_one_way(function.body, function.name) <= 1


def _most_on_one_way(nodes: list | p.Node | None, name: str) -> int:
    """The most self-calls that run on one way through ``nodes`` (a branch counts its larger side)."""
    if nodes is None:
        return 0
    if isinstance(nodes, list):
        return sum(_most_on_one_way(node, name) for node in nodes)
    if isinstance(nodes, p.Function):
        return 0
    if isinstance(nodes, p.If):
        test = _most_on_one_way(nodes.test, name)
        return test + max(_most_on_one_way(nodes.body, name), _most_on_one_way(nodes.orelse, name))
    if isinstance(nodes, p.Ternary):
        test = _most_on_one_way(nodes.test, name)
        return test + max(_most_on_one_way(nodes.then, name), _most_on_one_way(nodes.other, name))
    own = int(isinstance(nodes, p.Call) and isinstance(nodes.func, p.Name) and nodes.func.id == name)
    return own + sum(_most_on_one_way(child, name) for child in p.children(nodes))


def below_each_node(call: p.Call, loops: list) -> bool:
    """``height(node.left)`` inside a loop that takes each node of the tree in turn: the helper
    walks the subtree below that node (the node is the loop's item, or taken off its stack)."""
    owners = {child_of(arg) for arg in call.args} - {None}
    if not owners or not loops:
        return False
    for info in loops:
        if owners & set(info.targets):
            return True
        for node in p.walk(getattr(info.node, "body", []), into_functions=False):
            if isinstance(node, p.Assign) and node.op is None and isinstance(node.value, p.Call):
                taken = node.value.name in ("pop", "popleft", "get", "heappop")
                if taken and owners & {n for t in node.targets for n in p.assigned_names(t)}:
                    return True
    return False


def below_own_node(function: p.Function, call: p.Call) -> bool:
    """``height(root.left)`` in a recursion that calls itself on the children of ``root``: the
    helper walks the subtree below each node the recursion visits."""
    if not function.params:
        return False
    node = function.params[0]
    if not any(child_of(arg) == node for arg in call.args):
        return False
    return any(
        isinstance(n, p.Call)
        and isinstance(n.func, p.Name)
        and n.func.id == function.name
        and any(child_of(arg) == node for arg in n.args)
        for n in p.walk(function.body, into_functions=False)
    )


def tree_walked(scope: Scope, loop: p.Loop | p.Comprehension) -> str | None:
    """``while stack:`` with ``stack = [root]``: the tree parameter whose nodes the loop takes."""
    if not (isinstance(loop, p.Loop) and loop.kind == "while"):
        return None
    for name in sorted(p.names_in(loop.test)):
        for node in p.walk(scope.function.body, into_functions=False):
            if not (isinstance(node, p.Assign) and node.op is None and node.value is not None):
                continue
            if not any(name in p.assigned_names(t) for t in node.targets):
                continue
            seeds = [n for n in sorted(p.names_in(node.value)) if scope.kind(n) == "node"]
            if len(seeds) == 1 and seeds[0] in scope.function.params:
                return seeds[0]
    return None


def list_walked(scope: Scope, loop: p.Loop | p.Comprehension) -> tuple[str, ...]:
    """``while node is not None: ... node = node.next`` with ``node = head``: the linked lists the
    loop walks, each named by its parameter (two when a merge advances one or the other)."""
    if not (isinstance(loop, p.Loop) and loop.kind == "while"):
        return ()
    walked: set[str] = set()
    for name in p.names_in(loop.test):
        moved = any(
            isinstance(n, p.Assign) and any(name in p.assigned_names(t) for t in n.targets)
            for n in p.walk(loop.body, into_functions=False)
        )
        follows = any(
            isinstance(n, p.Attr) and n.name == "next" and isinstance(n.obj, p.Name) and n.obj.id == name
            for n in p.walk([loop.test, *loop.body], into_functions=False)
        )
        origin = _list_origin(scope, name) if moved and follows else None
        if origin is not None:
            walked.add(origin)
    return tuple(sorted(walked))


def _list_origin(scope: Scope, name: str) -> str | None:
    """The list parameter a name starts at: itself, ``node = head``, ``prev = dummy`` with
    ``dummy = ListNode(0, head)``."""
    for _ in range(4):
        if name in scope.function.params:
            return name  # walked by .next: a linked list, however its kind was guessed
        value = _first_binding(scope, name)
        if value is None:
            return None
        if isinstance(value, p.Name):
            name = value.id
            continue
        found = sorted(n for n in p.names_in(value) if n in scope.function.params)
        return found[0] if len(found) == 1 else None
    return None


def _first_binding(scope: Scope, name: str) -> p.Expr | None:
    for node in p.walk(scope.function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.op is None and node.value is not None:
            if any(isinstance(t, p.Name) and t.id == name for t in node.targets):
                return node.value
    return None


def pass_per_level(scope: Scope, loop: p.Loop | p.Comprehension, inner_sizes: tuple[str, ...]) -> bool:
    """``while True:`` around a walk of the whole tree that keeps the nodes at ``depth`` and then
    goes one level deeper (``depth += 1``): one pass per level, h passes."""
    if not (isinstance(loop, p.Loop) and loop.kind == "while"):
        return False
    if not (isinstance(loop.test, p.Name) or (isinstance(loop.test, p.Const) and loop.test.value is True)):
        return False
    if not any(scope.kind(size) == "node" for size in inner_sizes):
        return False
    deeper = {
        stmt.targets[0].id
        for stmt in loop.body
        if isinstance(stmt, p.Assign)
        and stmt.op == "+"
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], p.Name)
        and p.const_int(stmt.value) == 1
    }
    return any(
        isinstance(node, p.Compare) and p.names_in(node) & deeper
        for inner in p.walk(loop.body, into_functions=False)
        if isinstance(inner, p.Loop)
        for node in p.walk(inner.body, into_functions=False)
    )
