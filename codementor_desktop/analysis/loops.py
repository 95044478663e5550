"""Loops as the detectors see them: which input each loop runs over (``for x in nums``,
``range(len(nums))``, a triangle ``range(i)`` inside it, ``while queue``), and every node with
the loops around it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from . import program as p
from .facts import Scope, family_of


@dataclass
class LoopInfo:
    node: p.Loop | p.Comprehension
    family: str | None  # the input whose size the loop runs over, when it is one
    targets: list[str]


def loop_family(loop: p.Loop | p.Comprehension, scope: Scope) -> str | None:
    """The input a loop iterates over (``for x in nums``, ``range(len(nums))``, ``range(n)``)."""
    iterable = loop.iter
    if iterable is None:
        return None
    return iteration_family(iterable, scope)


def iteration_family(iterable: p.Expr, scope: Scope) -> str | None:
    if isinstance(iterable, p.Call):
        if iterable.name == "range" and iterable.args:
            bounds = iterable.args if len(iterable.args) > 1 else iterable.args[:1]
            for bound in reversed(bounds[:2]):
                family = family_of(bound, scope)
                if family is not None:
                    return family
            return None
        if iterable.name in ("enumerate", "reversed", "sorted", "zip", "list", "set") and iterable.args:
            return iteration_family(iterable.args[0], scope)
        if iterable.name in ("items", "keys", "values") and iterable.receiver is not None:
            return family_of(iterable.receiver, scope)
        return None
    if isinstance(iterable, p.Slice):
        return family_of(iterable.obj, scope)
    return family_of(iterable, scope)


def family_in_context(loop: p.Loop | p.Comprehension, loops: list[LoopInfo], scope: Scope) -> str | None:
    """The input a loop runs over, given the loops around it: ``range(i)`` inside a loop over
    ``nums`` runs over ``nums`` too (a triangle), and ``while xs:`` runs over ``xs``."""
    family = loop_family(loop, scope)
    if family is not None:
        return family
    if isinstance(loop, p.Loop) and loop.kind == "while":
        drained = _drained(loop.test, scope)
        if drained is None or _rebinds(loop, drained, scope):
            return None  # a level-by-level walk (layer = next_layer) visits each item once
        return drained
    iterable = loop.iter
    if isinstance(iterable, p.Call) and iterable.name == "range":
        used = _counted_names(iterable.args[:2])
        for info in reversed(loops):
            if info.family is not None and used & set(info.targets):
                return info.family
    return None


def _counted_names(bounds: list[p.Expr]) -> set[str]:
    """The names a range's bounds use as numbers: ``range(i)`` counts up to an outer index, but
    ``range(len(row))`` over ``for row in rows`` runs over one row, not over ``rows`` again."""
    measured = {id(arg) for arg in _measured(bounds)}
    return {n.id for n in p.walk(bounds) if isinstance(n, p.Name) and id(n) not in measured}


def measured_names(bounds: list[p.Expr]) -> set[str]:
    """The names whose length a range's bounds read: ``row`` in ``range(len(row) - 1)``."""
    return {arg.id for arg in _measured(bounds)}


def _measured(bounds: list[p.Expr]) -> list[p.Name]:
    return [
        node.args[0]
        for node in p.walk(bounds)
        if isinstance(node, p.Call) and node.name == "len" and node.args and isinstance(node.args[0], p.Name)
    ]


def _rebinds(loop: p.Loop, family: str, scope: Scope) -> bool:
    for node in p.walk(loop.body):
        if isinstance(node, p.Assign) and node.op is None:
            if any(isinstance(t, p.Name) and scope.family(t.id) == family for t in node.targets):
                return True
        if isinstance(node, p.Call) and node.name in ("pop", "popleft") and isinstance(node.receiver, p.Name):
            if scope.family(node.receiver.id) == family and any(
                isinstance(n, (p.Loop, p.Comprehension)) and _contains(n, node) for n in p.walk(loop.body)
            ):
                return True  # drained inside the inner loop: each item is taken once
    return False


def _contains(outer: p.Node, inner: p.Node) -> bool:
    return any(n is inner for n in p.walk(outer))


def _drained(test: p.Expr | None, scope: Scope) -> str | None:
    """``while xs``, ``while len(xs) > 1``: a loop that runs while a collection lasts."""
    subject: p.Expr | None = None
    if isinstance(test, p.Name):
        subject = test
    elif isinstance(test, p.Call) and test.name == "len" and test.args:
        subject = test.args[0]
    elif isinstance(test, p.Compare) and isinstance(test.left, p.Call) and test.left.name == "len" and test.left.args:
        subject = test.left.args[0]
    if isinstance(subject, p.Name) and scope.kind(subject.id) in ("list", "seq", "str", "deque"):
        return scope.family(subject.id)
    return None


def walk_with_loops(body: list, scope: Scope) -> Iterator[tuple[p.Node, list[LoopInfo]]]:
    """Every node of a function body with the loops around it (outermost first); nested
    functions are yielded but not entered."""

    def visit(node: p.Node, loops: list[LoopInfo]) -> Iterator[tuple[p.Node, list[LoopInfo]]]:
        yield node, loops
        if isinstance(node, p.Function):
            return
        if isinstance(node, (p.Loop, p.Comprehension)):
            if node.iter is not None:
                yield from visit(node.iter, loops)
            if isinstance(node, p.Loop) and node.test is not None:
                yield from visit(node.test, loops)
            inner = [*loops, LoopInfo(node, family_in_context(node, loops, scope), list(node.targets))]
            rest = [*node.body, *(node.update if isinstance(node, p.Loop) else [])]
            for child in rest:
                yield from visit(child, inner)
            if isinstance(node, p.Loop):
                for after in node.orelse:
                    yield from visit(after, loops)
            if isinstance(node, p.Comprehension):
                for extra in node.args:
                    yield from visit(extra, loops)
            return
        for part in p.children(node):
            yield from visit(part, loops)

    for stmt in body:
        yield from visit(stmt, [])


def leaves(stmts: list) -> bool:
    """Whether a block always ends in a return or a raise (it leaves the function)."""
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, p.Return) or (isinstance(last, p.Jump) and last.kind == "raise"):
        return True
    if isinstance(last, p.If):
        return leaves(last.body) and leaves(last.orelse)
    return False


def returns_on_match(loop: p.Node) -> bool:
    """A loop that returns from the function as soon as it finds what it looks for."""
    if not isinstance(loop, (p.Loop, p.Comprehension)):
        return False
    return any(
        isinstance(node, p.If) and leaves(node.body) for node in p.walk(loop.body, into_functions=False)
    ) or leaves(loop.body)


def search_entered_once(branch: p.If) -> p.Loop | None:
    """``if perm[i] < perm[i + 1]: for j ...: if ...: return``: a branch inside a loop whose
    work is one search that returns at its match. Once the branch is taken the function ends
    (when the search finds, as the branch's test promises), so the search runs once, not once
    per pass: read as such, and marked a guess. Returns the search loop."""
    body = [s for s in branch.body if not isinstance(s, p.Pass)]
    if branch.orelse or not body or not isinstance(body[-1], p.Loop):
        return None
    search = body[-1]
    if not returns_on_match(search) or any(isinstance(s, (p.Loop, p.Comprehension)) for s in body[:-1]):
        return None
    return search


def runs_once(body: list) -> set[int]:
    """Ids of the nodes inside loops that run at most once per call: a branch that ends in a
    return, and a search entered once (``search_entered_once``)."""
    found: set[int] = set()
    for loop in p.walk(body, into_functions=False):
        if not isinstance(loop, (p.Loop, p.Comprehension)):
            continue
        for branch in p.walk(loop.body, into_functions=False):
            if isinstance(branch, p.If) and (leaves(branch.body) or search_entered_once(branch) is not None):
                found.update(id(n) for n in p.walk(branch.body, into_functions=False))
    return found
