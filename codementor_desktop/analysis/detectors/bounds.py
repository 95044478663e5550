"""Off by one: a loop or a search whose bounds reach one place past the end (or before the
start) of the sequence it indexes, or stop one place early.

Pattern: ``off_by_one``; an ``IndexError`` (or JavaScript's read of ``undefined``) and failing
boundary tests confirm it.
"""

from __future__ import annotations

from .. import program as p
from ..context import Context
from ..facts import Scope, length_of
from ..findings import Finding
from .flow import is_guarded, tested_names

OFF = "off_by_one"


def detect(ctx: Context) -> list[Finding]:
    found: list[Finding] = []
    for scope in ctx.scopes:
        for node in p.walk(scope.function.body, into_functions=False):
            if isinstance(node, p.Loop) and node.kind == "for":
                found.extend(_counted_loop(ctx, scope, node))
            elif isinstance(node, p.Loop) and node.kind == "while":
                found.extend(_while_loop(ctx, scope, node))
        found.extend(_binary_search(ctx, scope))
    return _first_per_line(found)


def _first_per_line(found: list[Finding]) -> list[Finding]:
    seen: set[int] = set()
    kept = []
    for finding in found:
        if finding.line_start not in seen:
            seen.add(finding.line_start)
            kept.append(finding)
    return kept


def _bound(expr: p.Expr | None, scope: Scope) -> tuple[str, int] | None:
    """``len(xs) + k`` (or ``n + k`` with ``n = len(xs)`` bound once) as ``("xs", k)``."""
    return length_of(expr, scope)


def _defaulted(body: list) -> set[int]:
    """Reads given a default (JavaScript's ``xs[i + 1] || 0``, ``?? 0``, or a comparison with
    ``undefined``): reading past the end is expected there."""
    ids: set[int] = set()
    for node in p.walk(body, into_functions=False):
        if isinstance(node, p.BoolOp) and node.op == "or":
            ids.update(id(n) for n in p.walk(node.values[0]))
        elif isinstance(node, p.Compare) and any(isinstance(r, p.Const) and r.value is None for r in node.rights):
            ids.update(id(n) for n in p.walk(node.left))
    return ids


def _offsets(body: list, variable: str, family: str, scope: Scope) -> list[tuple[p.Index, int]]:
    """Reads ``x[i + c]`` of the sequence, with their constant ``c``."""
    found = []
    defaulted = _defaulted(body) if scope.language == "javascript" else set()
    for node in p.walk(body, into_functions=False):
        if id(node) in defaulted:
            continue
        if not isinstance(node, p.Index) or not isinstance(node.obj, p.Name):
            continue
        if scope.family(node.obj.id) != family or scope.kind(node.obj.id) == "int":
            continue
        offset = _offset(node.index, variable)
        if offset is not None:
            found.append((node, offset))
    return found


def _offset(index: p.Expr, variable: str) -> int | None:
    if isinstance(index, p.Name) and index.id == variable:
        return 0
    if (
        isinstance(index, p.BinOp)
        and index.op in ("+", "-")
        and isinstance(index.left, p.Name)
        and index.left.id == variable
    ):
        value = p.const_int(index.right)
        if value is not None:
            return value if index.op == "+" else -value
    return None


def _evidence(ctx: Context, silent: bool = False) -> list[str]:
    """An index error confirms a read past the end; a wrong answer on a short input confirms a
    silent one; all tests passing speaks against it."""
    if ctx.run.errors("index"):
        return ["tests_confirm"]
    if silent and any(t.wrong_answer and t.shapes & {"single", "empty"} for t in ctx.run.tests):
        return ["tests_confirm"]
    if ctx.run.all_passed():
        return ["tests_contradict"]
    if ctx.run.wrong_answers():
        return ["tests_failed_elsewhere"]
    return []


def _counted_loop(ctx: Context, scope: Scope, loop: p.Loop) -> list[Finding]:  # noqa: C901 - one case per direction
    iterable = loop.iter
    if not isinstance(iterable, p.Call) or iterable.name != "range" or len(loop.targets) != 1 or not iterable.args:
        return []
    variable = loop.targets[0]
    args = iterable.args
    start = args[0] if len(args) > 1 else p.Const(loop.line, loop.line, 0)
    stop = args[1] if len(args) > 1 else args[0]
    step = p.const_int(args[2]) if len(args) > 2 else 1
    if step == -1:
        first = _bound(start, scope)
        if first is None:
            return []
        family, k = first
        for node, offset in _offsets(loop.body, variable, family, scope):
            if k + offset >= 0 and not is_guarded(loop.body, node, {variable}):
                return [
                    _finding(
                        "descending_from_length",
                        node,
                        loop,
                        f"the first pass reads {family}[len({family}){_signed(k + offset)}], past the end",
                        "Start the countdown at len - 1.",
                        _evidence(ctx),
                    )
                ]
        return []
    if step != 1:
        return []
    last = _bound(stop, scope)
    if last is not None:
        family, k = last
        reads = _offsets(loop.body, variable, family, scope)
        for node, offset in reads:
            if k - 1 + offset >= 0 and not is_guarded(loop.body, node, {variable}):
                rule = "range_past_end" if k >= 1 else "index_past_end"
                where = f"{family}[{variable}{_signed(offset)}]" if offset else f"{family}[{variable}]"
                return [
                    _finding(
                        rule,
                        node,
                        loop,
                        f"on the last pass {where} is one place past the end",
                        "Stop the loop one place earlier, or check the index before reading it.",
                        _evidence(ctx),
                    )
                ]
        if k == -1 and reads and all(offset == 0 for _, offset in reads) and not _pairs_with_next(loop.body, variable):
            node = reads[0][0]
            return [
                _finding(
                    "stops_one_early",
                    node,
                    loop,
                    f"the loop stops at len({family}) - 1, so the last item of {family} is never read",
                    f"Loop over range(len({family})) to include the last item.",
                    [*_evidence(ctx, silent=True), "weak_shape"],
                )
            ]
    first_index = p.const_int(start)
    late = _starts_one_late(ctx, scope, loop, variable, first_index, last)
    if late:
        return late
    mirrored = _mirror_past_end(ctx, scope, loop, variable, first_index)
    if mirrored:
        return mirrored
    if first_index is not None:
        indexed = {scope.family(p.root_name(n.obj)) for n in p.walk(loop.body) if isinstance(n, p.Index)}
        for sequence in sorted(f for f in indexed if f is not None):
            for node, offset in _offsets(loop.body, variable, sequence, scope):
                if first_index + offset < 0 and not is_guarded(loop.body, node, {variable}):
                    return [
                        _finding(
                            "index_before_start",
                            node,
                            loop,
                            f"on the first pass {sequence}[{variable}{_signed(offset)}] is {sequence}[{first_index + offset}]: it wraps to the end (Python) or is undefined (JavaScript)",
                            f"Start the loop at {-offset} or check {variable} > 0 first.",
                            _evidence(ctx, silent=True),
                        )
                    ]
    return []


def _starts_one_late(
    ctx: Context, scope: Scope, loop: p.Loop, variable: str, first: int | None, last: tuple[str, int] | None
) -> list[Finding]:
    """``for i in range(1, len(xs))`` reading only ``xs[i]``: the first item is never read (unless
    the code read ``xs[0]`` before, to start from it)."""
    if first != 1 or last is None or last[1] != 0:
        return []
    family = last[0]
    reads = _offsets(loop.body, variable, family, scope)
    if not reads or any(offset != 0 for _, offset in reads) or _pairs_with_previous(loop.body, variable):
        return []
    for node in p.walk(scope.function.body):
        if isinstance(node, p.Index) and isinstance(node.obj, p.Name) and scope.family(node.obj.id) == family:
            if p.const_int(node.index) == 0:
                return []
            if _inside(loop, node) and _offset(node.index, variable) is None:
                return []  # compared with another position (xs[best], s[k]): not a plain sweep
    return [
        _finding(
            "starts_one_late",
            reads[0][0],
            loop,
            f"the loop starts at 1, so the first item of {family} is never read",
            f"Loop over range(len({family})) to include the first item.",
            [*_evidence(ctx, silent=True), "weak_shape"],
        )
    ]


def _inside(outer: p.Node, inner: p.Node) -> bool:
    return any(n is inner for n in p.walk(outer))


def _pairs_with_previous(body: list, variable: str) -> bool:
    for node in p.walk(body):
        if isinstance(node, p.BinOp) and node.op == "-" and variable in p.names_in(node):
            return True
    return False


def _terms(expr: p.Expr, sign: int = 1) -> list[tuple[int, p.Expr]]:
    """``n - 1 - i`` as [(+1, n), (-1, 1), (-1, i)]."""
    if isinstance(expr, p.BinOp) and expr.op in ("+", "-"):
        return [*_terms(expr.left, sign), *_terms(expr.right, sign if expr.op == "+" else -sign)]
    return [(sign, expr)]


def _mirror_past_end(ctx: Context, scope: Scope, loop: p.Loop, variable: str, first: int | None) -> list[Finding]:
    """``xs[len(xs) - i]`` with ``i`` starting at 0: the mirror of the first item is one past the end."""
    if first is None:
        return []
    for node in p.walk(loop.body, into_functions=False):
        if not isinstance(node, p.Index) or not isinstance(node.obj, p.Name):
            continue
        terms = _terms(node.index)
        moving = [t for s, t in terms if s == -1 and isinstance(t, p.Name) and t.id == variable]
        lengths = [size for s, t in terms if s == 1 and (size := length_of(t, scope)) is not None]
        constants = [s * (p.const_int(t) or 0) for s, t in terms if p.const_int(t) is not None]
        if len(moving) != 1 or len(lengths) != 1 or len(terms) != 2 + len(constants):
            continue
        family, k = lengths[0]
        if family != scope.family(node.obj.id) or is_guarded(loop.body, node, {variable}):
            continue
        if k + sum(constants) - first >= 0:
            return [
                _finding(
                    "mirror_past_end",
                    node,
                    loop,
                    f"on the first pass ({variable} = {first}) {node.obj.id}[len - {variable}] is {node.obj.id}[len({family})], one past the end",
                    f"The mirror of position {variable} is len - 1 - {variable}.",
                    _evidence(ctx),
                )
            ]
    return []


def _pairs_with_next(body: list, variable: str) -> bool:
    """``i + 1`` used anywhere: the last index is left out on purpose (pairs, windows)."""
    for node in p.walk(body):
        if isinstance(node, p.BinOp) and node.op == "+" and variable in p.names_in(node):
            return True
        if isinstance(node, p.Call) and node.name == "range" and variable in p.names_in(node):
            return True
    return False


def _while_loop(ctx: Context, scope: Scope, loop: p.Loop) -> list[Finding]:
    """``while i <= len(xs)`` reading ``xs[i]``."""
    test = loop.test
    if not isinstance(test, p.Compare) or len(test.ops) != 1 or not isinstance(test.left, p.Name):
        return []
    variable, op = test.left.id, test.ops[0]
    bound = _bound(test.rights[0], scope)
    if bound is None:
        return []
    family, k = bound
    limit = k if op == "<=" else k - 1 if op == "<" else None
    if limit is None:
        return []
    for node, offset in _offsets(loop.body, variable, family, scope):
        if limit + offset >= 0 and not is_guarded(loop.body, node, {variable}):
            return [
                _finding(
                    "while_past_end",
                    node,
                    loop,
                    f"the loop lets {variable} reach len({family}), one past the last index",
                    f"Use {variable} < len({family}).",
                    _evidence(ctx),
                )
            ]
    return []


def _binary_search(ctx: Context, scope: Scope) -> list[Finding]:
    """``hi = len(xs)`` with ``while lo <= hi`` and ``xs[mid]``: mid can be len(xs)."""
    at_length: dict[str, str] = {}
    for node in p.walk(scope.function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.op is None and node.value is not None:
            pairs = _pairs(node)
            for target, value in pairs:
                bound = _bound(value, scope)
                if bound is not None and bound[1] == 0 and isinstance(target, p.Name):
                    at_length[target.id] = bound[0]
    for loop in p.walk(scope.function.body, into_functions=False):
        if not isinstance(loop, p.Loop) or loop.kind != "while" or not isinstance(loop.test, p.Compare):
            continue
        if loop.test.ops != ["<="]:
            continue
        names = tested_names(loop.test)
        high = [n for n in names if n in at_length]
        if not high:
            continue
        family = at_length[high[0]]
        middles = {
            t.id
            for node in p.walk(loop.body)
            if isinstance(node, p.Assign) and node.value is not None and names <= p.names_in(node.value)
            for t in node.targets
            if isinstance(t, p.Name)
        }
        for node in p.walk(loop.body):
            if isinstance(node, p.Index) and isinstance(node.obj, p.Name) and scope.family(node.obj.id) == family:
                if p.names_in(node.index) & middles:
                    return [
                        _finding(
                            "search_bound_past_end",
                            node,
                            loop,
                            f"{high[0]} starts at len({family}) and the loop runs while lo <= {high[0]}, so the middle can be len({family})",
                            f"Start {high[0]} at len({family}) - 1, or loop while lo < {high[0]}.",
                            _evidence(ctx),
                        )
                    ]
    return []


def _pairs(node: p.Assign) -> list[tuple[p.Expr, p.Expr]]:
    target, value = node.targets[0], node.value
    if isinstance(target, p.Seq) and isinstance(value, p.Seq) and len(target.items) == len(value.items):
        return list(zip(target.items, value.items, strict=True))
    return [(t, value) for t in node.targets if value is not None]


def _signed(value: int) -> str:
    return f" + {value}" if value > 0 else f" - {-value}" if value < 0 else ""


def _finding(rule: str, node: p.Node, loop: p.Loop, description: str, suggestion: str, evidence: list[str]) -> Finding:
    return Finding(OFF, rule, loop.line, node.end, description, suggestion, "medium", evidence)
