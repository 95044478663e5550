"""Recursion: overlapping subproblems computed again and again (no memo), a base case that is
missing or can be stepped over, and recursion that copies its input at every level.

Patterns: ``suboptimal_time_complexity``, ``recursion_base_case``, ``suboptimal_space_complexity``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import program as p
from ..complexity_classes import EXPONENTIAL
from ..context import Context
from ..findings import Finding
from .flow import tested_names
from .loop_costs import slower_than_optimal


@dataclass
class SelfCall:
    call: p.Call
    in_loop: bool
    conditional: bool
    used: bool  # its result is combined or returned, not a bare statement


def self_calls(function: p.Function) -> list[SelfCall]:
    """The calls a function makes to itself, with where they sit."""
    found: list[SelfCall] = []

    def is_self(call: p.Call) -> bool:
        if isinstance(call.func, p.Name):
            return call.func.id == function.name
        func = call.func
        return (
            isinstance(func, p.Attr)
            and isinstance(func.obj, p.Name)
            and func.obj.id in ("self", "this")
            and func.name == function.name
        )

    def visit(node: p.Node, in_loop: bool, conditional: bool, statement_call: p.Node | None) -> None:
        if isinstance(node, p.Function) and node is not function:
            return
        if isinstance(node, p.Call) and is_self(node):
            found.append(SelfCall(node, in_loop, conditional, node is not statement_call))
        if isinstance(node, p.ExprStmt):
            visit(node.value, in_loop, conditional, node.value)
            return
        if isinstance(node, (p.Loop, p.Comprehension)):
            for child in p.children(node):
                visit(child, True, True, None)
            return
        branching = isinstance(node, (p.If, p.Ternary, p.BoolOp, p.Try, p.Switch))
        for index, child in enumerate(p.children(node)):
            # The test of an if (and the first operand of and/or) always runs.
            cond = conditional or (branching and index > 0)
            visit(child, in_loop, cond, None)

    for stmt in function.body:
        visit(stmt, False, False, None)
    return found


def halving_names(function: p.Function) -> set[str]:
    """Names bound to a half of something: ``mid = (lo + hi) // 2``, ``half = len(a) >> 1``."""
    names = set()
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.op is None and node.value is not None:
            if any(isinstance(n, p.BinOp) and n.op in ("//", ">>") for n in p.walk(node.value)):
                for target in node.targets:
                    names.update(p.assigned_names(target))
    return names


def changed_params(function: p.Function, calls: list[SelfCall]) -> dict[str, list[p.Expr]]:
    """Parameter -> the arguments passed for it where they differ from the parameter itself."""
    offset = 1 if function.is_method and function.params[:1] == ["self"] else 0
    params = function.params[offset:]
    changed: dict[str, list[p.Expr]] = {}
    for item in calls:
        for name, arg in zip(params, item.call.args, strict=False):
            if not (isinstance(arg, p.Name) and arg.id == name):
                changed.setdefault(name, []).append(arg)
    return changed


def argument_shape(arg: p.Expr, param: str, halves: set[str] | None = None) -> str:
    """How an argument moves from its parameter: step (n - 1), half (n // 2, a[:mid]), child
    (node.left), slice (s[1:]) or other. ``halves`` are names set to a half (mid = len(a) // 2)."""
    if isinstance(arg, p.Attr) and isinstance(arg.obj, p.Name) and arg.obj.id == param:
        return "child"
    if isinstance(arg, p.Slice) and p.root_name(arg) == param:
        bounds = [b for b in (arg.lower, arg.upper) if b is not None]
        halving = any(isinstance(n, p.BinOp) and n.op in ("//", ">>") for b in bounds for n in p.walk(b))
        if halving or any(p.names_in(b) & (halves or set()) for b in bounds):
            return "half"
        return "slice"
    if halves and isinstance(arg, (p.Name, p.BinOp)) and p.names_in(arg) & halves:
        return "half"
    if isinstance(arg, p.BinOp):
        if arg.op in ("//", ">>", "/"):
            return "half"
        if (
            arg.op in ("+", "-")
            and param in p.names_in(arg.left)
            and not any(isinstance(n, p.BinOp) and n.op in ("//", ">>") for n in p.walk(arg))
        ):
            return "step"
    return "other"


def memoized(ctx: Context, function: p.Function) -> bool:
    """A cache decorator, or a container outside the call that is both read and written."""
    for decorator in function.decorators:
        text = " ".join(n.id if isinstance(n, p.Name) else getattr(n, "name", "") for n in p.walk(decorator))
        if "cache" in text or "memo" in text:
            return True
    # A container made afresh in every call remembers nothing; a parameter passed along or a
    # variable of the enclosing function does (a memo, or a set of visited states).
    local = {
        name
        for node in p.walk(function.body, into_functions=False)
        if isinstance(node, p.Assign) and node.declaration
        for target in node.targets
        for name in p.assigned_names(target)
    } - set(function.params)
    read: set[str] = set()
    written: set[str] = set()
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Compare) and any(op in ("in", "not in", "has") for op in node.ops):
            read.update(p.root_name(r) or "" for r in node.rights)
        elif isinstance(node, p.Call) and node.name in ("get", "has") and node.receiver is not None:
            read.add(p.root_name(node.receiver) or "")
        elif isinstance(node, p.Call) and node.name in ("set", "setdefault", "add") and node.receiver is not None:
            written.add(p.root_name(node.receiver) or "")
        elif isinstance(node, p.Index):
            read.add(p.root_name(node) or "")
        elif isinstance(node, p.Assign):
            for target in node.targets:
                if isinstance(target, p.Index):
                    written.add(p.root_name(target) or "")
    shared = (read & written) - local - {""}
    return bool(shared)


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
    if not (len(calls) >= 2 or any(c.in_loop for c in calls)):
        return []
    halves = halving_names(function)
    shapes = {argument_shape(arg, name, halves) for name, args in changed.items() for arg in args}
    if not shapes & {"step", "slice"} or shapes & {"half", "child"}:
        return []
    if memoized(ctx, function):
        return []
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
            f"{function.name} calls itself on overlapping subproblems without remembering results: about O(2ⁿ) calls",
            "Memoize the results (functools.cache, or a dict keyed by the arguments), or fill a table bottom-up.",
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
    and test a changing parameter directly."""
    found: list[p.Expr] = []
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.If) and tested_names(node.test) & moving:
            found.append(node.test)
        elif isinstance(node, p.Ternary) and tested_names(node.test) & moving:
            found.append(node.test)
        elif isinstance(node, p.BoolOp) and tested_names(node.values[0]) & moving:
            found.append(node.values[0])
        elif isinstance(node, p.Loop) and node.test is not None and tested_names(node.test) & moving:
            found.append(node.test)
        elif isinstance(node, p.Comprehension) and p.names_in(node.iter) & moving:
            found.append(node.iter)  # a loop over the changing range ends by itself
    return found


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
