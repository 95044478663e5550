"""Collections bounded by the alphabet: the distinct letters of some words, a queue of letters,
a string of letters taken one at a time from them. Sorting one on every pass, or shifting its
first item, costs at most the alphabet's size: not a slower class, and not a finding.

A letter is a loop variable over a string (a ``str`` input, or an item of a ``list[str]`` one);
a collection is bounded when everything added to it is a letter or comes from another bounded
one (spread, sorted, filtered, popped).
"""

from __future__ import annotations

from . import program as p
from .complexity_sizes import declared_types
from .context import Context
from .facts import Scope

_ADDERS = {"add", "append", "push", "appendleft", "unshift", "insert"}
_TAKERS = {"pop", "popleft", "shift"}
_COPIERS = {"sorted", "list", "set", "sort", "filter", "map", "slice", "toSorted", "reversed", "tuple"}


def alphabet_bounded(ctx: Context, scope: Scope) -> set[str]:
    """Names in ``scope`` that hold at most one item per letter of the alphabet."""
    types = declared_types(ctx.raw_problem, ctx.scopes)
    words = {n for n, t in types.items() if t.replace(" ", "").lower() in ("list[str]", "list[string]")}
    strings = {n for n, t in types.items() if t.replace(" ", "").lower() in ("str", "string")}
    body = scope.function.body
    loops = [n for n in p.walk(body, into_functions=False) if isinstance(n, (p.Loop, p.Comprehension))]
    for loop in loops:  # for w in words: w is a string
        if isinstance(loop.iter, p.Name) and loop.iter.id in words:
            strings.update(loop.targets)
    letters: set[str] = set()
    for loop in loops:  # for ch in w: ch is a letter
        if isinstance(loop.iter, p.Name) and loop.iter.id in strings:
            letters.update(loop.targets)
    if not letters:
        return set()
    bounded: set[str] = set()
    distinct: set[str] = set()  # letters taken one by one out of a bounded collection
    for _ in range(4):  # a few rounds reach the fixed point of these short chains
        before = len(bounded) + len(distinct)
        adds: dict[str, list[bool]] = {}
        for node in p.walk(body, into_functions=True):
            if isinstance(node, p.Call) and node.name in _ADDERS and isinstance(node.receiver, p.Name):
                # A set keeps each letter once; a list or a string only stays small with distinct ones.
                allowed = letters | distinct if node.name == "add" else distinct
                adds.setdefault(node.receiver.id, []).append(
                    bool(node.args) and all(_from(a, allowed, bounded) for a in node.args)
                )
            elif isinstance(node, p.Assign) and node.value is not None and len(node.targets) == 1:
                target = node.targets[0]
                if not isinstance(target, p.Name):
                    continue
                value = node.value
                if (
                    node.op is None
                    and isinstance(value, p.Call)
                    and value.name in _TAKERS
                    and p.root_name(value.receiver) in bounded
                ):
                    distinct.add(target.id)
                elif node.op == "+" and _from(value, distinct, bounded):
                    adds.setdefault(target.id, []).append(True)
                elif node.op is None and (_copies_bounded(value, bounded) or _letters_of(value, letters)):
                    bounded.add(target.id)
        bounded |= {name for name, flags in adds.items() if flags and all(flags)}
        if len(bounded) + len(distinct) == before:
            break
    return bounded


def _from(expr: p.Expr, letters: set[str], bounded: set[str]) -> bool:
    names = {n.id for n in p.walk(expr) if isinstance(n, p.Name)}
    return bool(names) and names <= letters | bounded


def _letters_of(value: p.Expr, letters: set[str]) -> bool:
    """``sorted({ch for word in words for ch in word})``: a collection of letters."""
    while isinstance(value, p.Call) and value.name in _COPIERS and value.args:
        value = value.args[0]
    if not isinstance(value, p.Comprehension) or value.kind not in ("set", "list"):
        return False
    element = value
    while (
        element.body
        and isinstance(element.body[-1], p.ExprStmt)
        and isinstance(element.body[-1].value, p.Comprehension)
    ):
        element = element.body[-1].value
    last = element.body[-1] if element.body else None
    while isinstance(last, p.If) and last.body:
        last = last.body[-1]
    return isinstance(last, p.ExprStmt) and isinstance(last.value, p.Name) and last.value.id in letters


def _copies_bounded(value: p.Expr, bounded: set[str]) -> bool:
    """``[...present].sort()``, ``sorted(present)``, ``letters.filter(...)``: a copy of a bounded one."""
    inner: p.Expr | None = value
    while isinstance(inner, (p.Call, p.Other, p.Seq, p.Comprehension)):
        if isinstance(inner, p.Call):
            if inner.name not in _COPIERS:
                return False
            inner = inner.receiver if inner.receiver is not None else (inner.args[0] if inner.args else None)
        elif isinstance(inner, p.Comprehension):
            inner = inner.iter
        elif isinstance(inner, p.Seq):
            inner = inner.items[0] if len(inner.items) == 1 else None
        else:
            inner = inner.parts[0] if len(inner.parts) == 1 else None
    return isinstance(inner, p.Name) and inner.id in bounded
