"""Recursion: overlapping subproblems computed again and again (no memo: only when the same
arguments really recur, never for divide and conquer or for output-bound enumeration), a base
case that is missing or can be stepped over, and recursion that copies its input at every level.

Patterns: ``suboptimal_time_complexity``, ``recursion_base_case``, ``suboptimal_space_complexity``.
"""

from __future__ import annotations

from .. import program as p
from ..complexity_classes import CONSTANT, EXPONENTIAL
from ..complexity_hints import RECURSION, time_hint
from ..complexity_recurrence import (
    OVERLAPPING,
    SelfCall,
    changed_params,
    recurrence,
    self_calls,
)
from ..context import Context
from ..findings import Finding
from .flow import tested_names
from .loop_costs import slower_than_optimal


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        function = scope.function
        calls = self_calls(function)
        if not calls:
            continue
        changed = changed_params(function, calls)
        found.extend(_overlapping(ctx, function, calls, changed))
        found.extend(_base_case(ctx, function, calls, changed))
        found.extend(_copying(ctx, function, calls, changed))
    return found


def _overlapping(
    ctx: Context, function: p.Function, calls: list[SelfCall], changed: dict[str, list[p.Expr]]
) -> list[Finding]:
    if not any(c.used for c in calls):
        return []
    found = recurrence(ctx, function, CONSTANT)
    if found is None or found.kind != OVERLAPPING:
        return []  # divide and conquer, a pivot split or output-bound enumeration: no memo helps
    evidence = slower_than_optimal(ctx, EXPONENTIAL)
    if evidence is None:
        return []
    if ctx.run.timed_out():
        evidence = [*evidence, "timed_out"]
    first = min(c.call.line for c in calls)
    last = max(c.call.end for c in calls)
    return [
        Finding(
            "suboptimal_time_complexity",
            "recursion_without_memo",
            first,
            last,
            f"{function.name} reaches the same arguments again along different calls (overlapping "
            "subproblems) and computes them anew each time: about O(2ⁿ) calls",
            time_hint(ctx, RECURSION),
            "high",
            evidence,
        )
    ]


def _base_case(
    ctx: Context, function: p.Function, calls: list[SelfCall], changed: dict[str, list[p.Expr]]
) -> list[Finding]:
    moving = set(changed)
    if not moving:
        return []
    guards = _guards_before_recursion(function, moving)
    recursion_error = bool(ctx.run.errors("recursion"))
    evidence = ["tests_confirm"] if recursion_error else []
    unconditional = [c for c in calls if not c.conditional and not c.in_loop]
    if unconditional and not guards:
        call = unconditional[0].call
        return [
            Finding(
                "recursion_base_case",
                "no_base_case",
                function.line,
                call.end,
                f"{function.name} always calls itself: no case returns without recursing on {', '.join(sorted(moving))}",
                "Start with the smallest case (an empty input, 0, a missing node) and return its answer before recursing.",
                "high",
                evidence,
            )
        ]
    skipped = _steps_over_base(changed, guards)
    if skipped:
        return [
            Finding(
                "recursion_base_case",
                "base_case_stepped_over",
                function.line,
                function.end,
                f"{function.name} stops only when {skipped} equals one value, but its calls can jump past it",
                f"Test a range ({skipped} <= ...) or cover every value the smaller calls can reach.",
                "high",
                evidence,
            )
        ]
    return []


def _guards_before_recursion(function: p.Function, moving: set[str]) -> list[p.Expr]:
    """Tests of ``if`` statements that leave the function (or branch away from the recursion)
    and test a changing parameter, or what the input holds at it (``tokens[start] == "#"``)."""
    found: list[p.Expr] = []
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, (p.If, p.Ternary)) and _tests(node.test, moving):
            found.append(node.test)
        elif isinstance(node, p.BoolOp) and _tests(node.values[0], moving):
            found.append(node.values[0])
        elif isinstance(node, p.Loop) and node.test is not None and _tests(node.test, moving):
            found.append(node.test)
        elif isinstance(node, p.Comprehension) and p.names_in(node.iter) & moving:
            found.append(node.iter)  # a loop over the changing range ends by itself
    return found


def _tests(test: p.Expr | None, moving: set[str]) -> bool:
    """``test`` reads a moving parameter, directly or as the place it looks at (``tokens[start]``)."""
    if test is None:
        return False
    return bool(tested_names(test) & moving) or any(
        p.names_in(node.index) & moving for node in p.walk(test) if isinstance(node, p.Index)
    )


def _steps_over_base(changed: dict[str, list[p.Expr]], guards: list[p.Expr]) -> str | None:
    """The parameter whose only base cases are equalities its calls can jump over."""
    for name, args in changed.items():
        steps = {_decrement(arg, name) for arg in args}
        if None in steps or not steps:
            continue
        largest = max(s for s in steps if s is not None)
        if largest < 2:
            continue
        equalities: set[int] = set()
        ranged = False
        for test in guards:
            for node in p.walk(test):
                if isinstance(node, p.Compare) and tested_names(node) & {name}:
                    if any(op in ("<", "<=", ">", ">=") for op in node.ops):
                        ranged = True
                    for op, right in zip(node.ops, node.rights, strict=True):
                        value = p.const_int(right)
                        if op == "==" and value is not None:
                            equalities.add(value)
                        if op == "in" and isinstance(right, p.Seq):
                            equalities.update(v for v in (p.const_int(i) for i in right.items) if v is not None)
                elif isinstance(node, p.Unary) and node.op == "not" and tested_names(node.operand) == {name}:
                    equalities.add(0)
        if ranged or not equalities:
            continue
        if not any(all(base + k in equalities for k in range(largest)) for base in equalities):
            return name
    return None


def _decrement(arg: p.Expr, name: str) -> int | None:
    if isinstance(arg, p.BinOp) and arg.op == "-" and isinstance(arg.left, p.Name) and arg.left.id == name:
        return p.const_int(arg.right)
    return None


def _copying(
    ctx: Context, function: p.Function, calls: list[SelfCall], changed: dict[str, list[p.Expr]]
) -> list[Finding]:
    for name, args in changed.items():
        for arg in args:
            if isinstance(arg, p.Slice) and p.root_name(arg) == name and _drops_a_few(arg):
                return [
                    Finding(
                        "suboptimal_space_complexity",
                        "recursion_copies_input",
                        arg.line,
                        arg.end,
                        f"every call copies {name} minus a few items: O(n²) memory (and time) over the recursion",
                        "Pass indexes (start, end) into the same list or string instead of slicing it.",
                        "medium",
                        [],
                    )
                ]
    return []


def _drops_a_few(arg: p.Slice) -> bool:
    """``s[1:]``, ``s[1:-1]``, ``s[:-1]``: a copy one or two items shorter (not a half)."""
    for bound in (arg.lower, arg.upper):
        if bound is None:
            continue
        value = p.const_int(bound)
        if value is None or abs(value) > 2:
            return False
    return arg.lower is not None or arg.upper is not None
