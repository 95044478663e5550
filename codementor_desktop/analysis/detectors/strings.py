"""A string rebuilt with ``+`` on every pass of a loop: each step copies what was built so far.

Pattern: ``inefficient_string_building``.
"""

from __future__ import annotations

from .. import program as p
from ..complexity_alphabet import alphabet_bounded
from ..context import Context
from ..findings import Finding
from ..loops import walk_with_loops
from .loop_costs import constant_collections


def detect(ctx: Context) -> list[Finding]:
    return _string_building(ctx)


def _string_building(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        constants = constant_collections(scope)
        for node, loops in walk_with_loops(scope.function.body, scope):
            if not loops or not isinstance(node, p.Assign) or len(node.targets) != 1:
                continue
            target = node.targets[0]
            if not isinstance(target, p.Name) or scope.kind(target.id) != "str":
                continue
            if target.id in alphabet_bounded(ctx, scope):
                continue  # a string of distinct letters: at most the alphabet long
            if all(_constant_loop(info.node, constants) for info in loops):
                continue
            if _grows(node, target.id):
                found.append(
                    Finding(
                        "inefficient_string_building",
                        "string_concatenation_in_loop",
                        node.line,
                        node.end,
                        f"{target.id} is rebuilt with + on every pass of the loop: each step copies the whole string (O(n²))",
                        _join_hint(ctx),
                        "low",
                        [],
                    )
                )
                break
    return found


def _grows(node: p.Assign, name: str) -> bool:
    """``s += x``, ``s = s + x``, ``s = x + s``."""
    if node.op == "+":
        return True
    value = node.value
    if node.op is None and isinstance(value, p.BinOp) and value.op == "+":
        operands = _operands(value)
        return any(isinstance(o, p.Name) and o.id == name for o in operands)
    return False


def _operands(expr: p.Expr) -> list[p.Expr]:
    if isinstance(expr, p.BinOp) and expr.op == "+":
        return [*_operands(expr.left), *_operands(expr.right)]
    return [expr]


def _constant_loop(loop: p.Loop | p.Comprehension, constants: set[str]) -> bool:
    """A loop a fixed number of times (``range(3)``, over a literal): no growth with the input."""
    iterable = loop.iter
    if isinstance(iterable, p.Call) and iterable.name == "range":
        return all(p.const_int(a) is not None for a in iterable.args)
    if isinstance(iterable, (p.Seq, p.Const)):
        return True
    return isinstance(iterable, p.Name) and iterable.id in constants


def _join_hint(ctx: Context) -> str:
    if ctx.language == "javascript":
        return "Collect the pieces in an array and join them once at the end: parts.push(x); parts.join('')."
    return "Collect the pieces in a list and join them once at the end: parts.append(x); ''.join(parts)."
