"""Statements that can never run: after a ``return``, ``raise``, ``break`` or ``continue``, or
after an ``if``/``else`` whose branches both leave.

Pattern: ``unreachable_code``.
"""

from __future__ import annotations

from .. import program as p
from ..context import Context
from ..findings import Finding
from .flow import terminates


def detect(ctx: Context) -> list[Finding]:
    return _unreachable(ctx)


def _unreachable(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for block in _blocks(ctx.program.body):
        for index, stmt in enumerate(block[:-1]):
            if not terminates(stmt):
                continue
            rest = [s for s in block[index + 1 :] if not isinstance(s, (p.Function, p.Pass))]
            if rest:
                found.append(
                    Finding(
                        "unreachable_code",
                        "statement_after_exit",
                        rest[0].line,
                        rest[-1].end,
                        f"line {rest[0].line} can never run: the statement before it always leaves the block",
                        "Remove it, or move it before the return / break / raise it follows.",
                        "low",
                        [],
                    )
                )
            break
    return found


def _blocks(body: list) -> list[list]:
    """Every statement list: function bodies, branches, loop bodies, handlers, cases."""
    blocks = [body]
    for node in p.walk(body):
        for name in ("body", "orelse", "final"):
            value = getattr(node, name, None)
            if isinstance(value, list) and value and not isinstance(node, p.Comprehension):
                blocks.append(value)
        if isinstance(node, p.Try):
            blocks.extend(node.handlers)
        if isinstance(node, p.Switch):
            blocks.extend(node.cases)
    return blocks
