"""Recurrences read from a recursive function: how its calls shrink their arguments and how many
run on one path, named as the learner would (a chain, a tree walk, divide and conquer, a pivot
split, output-bound enumeration, overlapping subproblems), with the class each gives.

- divide and conquer (the master theorem, halves): ``T(n) = a·T(n/2) + f(n)``: binary search
  log n, merge sort n log n, a halving search that copies its half n;
- a pivot split (quicksort, quickselect): the parts' sizes depend on the pivot; the worst case
  (one item split off each time) is reported, the average case is written beside it;
- output-bound recursion (hanoi, subsets, permutations): every call adds to the answer, so the
  cost is the answer's size (2ⁿ moves, 2ⁿ subsets, n! orders), whatever a memo would do;
- overlapping subproblems (fib without a memo, plain recursive edit distance): two calls whose
  argument changes commute reach the same arguments along several paths: 2ⁿ calls, and a memo
  makes them one per state;
- a chain (``T(n-1) + f(n)``): n calls;
- a reader that threads its position (``left, after = build(start + 1)``, then ``build(after)``):
  each call starts where the last one stopped, so the input is read once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import program as p
from .complexity_classes import CONSTANT, EXPONENTIAL, LINEAR, LOG, QUADRATIC, Growth
from .context import Context
from .loops import leaves

DIVIDE = "divide_and_conquer"
PARTITION = "pivot_split"
OUTPUT = "output_bound"
OVERLAPPING = "overlapping_subproblems"
MEMOIZED = "memoized"
TREE = "tree_walk"
CHAIN = "chain"
SLICES = "copying_chain"
BRANCHING = "branching"


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


@dataclass
class Recurrence:
    """The kind of recursion, its class and why; ``average`` when it differs from the worst case."""

    kind: str
    growth: Growth
    why: str
    line: int
    average: Growth | None = None
    unsure: bool = False


def calls_per_path(function: p.Function, calls: list[SelfCall]) -> int:
    """The most self-calls one run of the body can make outside loops: the calls of exclusive
    branches (``if ... return f(a)`` then ``return f(b)``) count once."""
    wanted = {id(c.call) for c in calls if not c.in_loop}

    def count(node: p.Node) -> int:
        if isinstance(node, p.Function) and node is not function:
            return 0
        if isinstance(node, p.If):
            return count(node.test) + max(block(node.body), block(node.orelse))
        if isinstance(node, p.Ternary):
            return count(node.test) + max(count(node.then), count(node.other))
        if isinstance(node, p.Switch):
            return count(node.subject) + max((block(case) for case in node.cases), default=0)
        own = 1 if id(node) in wanted else 0
        return own + sum(count(child) for child in p.children(node))

    def block(stmts: list) -> int:
        total = 0
        for index, stmt in enumerate(stmts):
            if isinstance(stmt, p.If) and leaves(stmt.body):
                # What follows runs only when the branch did not: it is the branch's alternative.
                rest = block([*stmt.orelse, *stmts[index + 1 :]])
                return total + count(stmt.test) + max(block(stmt.body), rest)
            total += count(stmt)
            if leaves([stmt]):
                return total
        return total

    return block(function.body)


def recurrence(ctx: Context, function: p.Function, work: Growth) -> Recurrence | None:
    """The recurrence of ``function`` given the work of one call outside its recursion."""
    calls = self_calls(function)
    if not calls:
        return None
    changed = changed_params(function, calls)
    shapes = {shape_in(function, arg, name) for name, args in changed.items() for arg in args}
    line = calls[0].call.line
    per_path = calls_per_path(function, calls)
    in_loop = any(c.in_loop for c in calls)
    many = per_path >= 2 or in_loop
    if memoized(ctx, function):
        states = sum(1 for name, args in changed.items() if any(shape_in(function, a, name) != "half" for a in args))
        return Recurrence(
            MEMOIZED, Growth(degree=max(states, 1)) * work, "memoized recursion: one call per state", line
        )
    if "cursor" in shapes:
        return Recurrence(
            TREE,
            LINEAR * work,
            "recursion that reads its input once: each call starts where the last one stopped",
            line,
        )
    if "child" in shapes and not shapes & {"step", "slice"}:
        return Recurrence(TREE, LINEAR * work, "recursion over the parts of its input: each part once", line)
    if "half" in shapes and not shapes & {"step", "slice", "partition"}:
        return _divide(per_path if not in_loop else 2, work, line)
    if "partition" in shapes:
        worst = LINEAR * max(work, LINEAR)
        average = (LINEAR * LOG) if many else LINEAR
        average = max(average, work)
        return Recurrence(
            PARTITION,
            worst,
            f"split around a pivot: worst case {worst.notation()} when a pivot splits off one item each time, "
            f"{average.notation()} on average",
            line,
            average=average,
        )
    collected = collects_output(function, calls)
    if collected and (many or doubles(function, calls)):
        if in_loop:
            size = "one call per choice: C(n, k) subsets or n! orders, each up to n long"
        elif per_path >= 2:
            size = f"{per_path} calls on a smaller input each: about {per_path}ⁿ items"
        else:
            size = "the answer doubles with every item: 2ⁿ lists of up to n items, O(2ⁿ · n)"
        return Recurrence(
            OUTPUT,
            EXPONENTIAL,
            f"output-bound: every call adds to the answer ({collected}), so the cost is the answer's size ({size})",
            line,
        )
    if many and shapes and shapes <= {"step", "slice"}:
        return Recurrence(
            OVERLAPPING,
            EXPONENTIAL,
            "several recursive calls whose arguments meet again along other paths (overlapping subproblems), "
            "no memo: about 2ⁿ calls",
            line,
        )
    if many and shapes:
        return Recurrence(
            BRANCHING, EXPONENTIAL, "several recursive calls on smaller inputs: about 2ⁿ calls", line, unsure=True
        )
    if "slice" in shapes:
        return Recurrence(
            SLICES,
            QUADRATIC * work if work > CONSTANT else QUADRATIC,
            "recursion that copies a slice on every call",
            line,
        )
    if shapes:
        return Recurrence(CHAIN, LINEAR * work, "recursion one step smaller at a time", line)
    return None


def _divide(calls: int, work: Growth, line: int) -> Recurrence:
    """The master theorem for ``T(n) = a·T(n/2) + f(n)``, a = ``calls``."""
    if calls <= 1:
        if work.degree == 0 and not work.exponential:
            growth = Growth(logs=work.logs + 1)
            return Recurrence(DIVIDE, growth, f"recursion that halves its range: T(n) = T(n/2) + {work.label}", line)
        return Recurrence(
            DIVIDE, work, f"halving recursion whose first call's work dominates: T(n) = T(n/2) + {work.label}", line
        )
    critical = 1 if calls == 2 else (calls - 1).bit_length()  # log₂ a, rounded up
    if work.degree < critical:
        growth = Growth(degree=critical)
    elif work.degree == critical:
        growth = work * LOG
    else:
        growth = work
    return Recurrence(DIVIDE, growth, f"divide and conquer on halves: T(n) = {calls}·T(n/2) + {work.label}", line)


def shape_in(function: p.Function, arg: p.Expr, param: str) -> str:
    """``argument_shape`` with what the function's body says about the names it passes: a part
    picked out around a pivot (``below = [x for x in arr if x < pivot]``, ``p = partition(...)``),
    an item of the input (``for x in arr: f(x)``), the input minus its first item
    (``first, *rest = arr``), a loop variable counting up from the parameter."""
    shape = argument_shape(arg, param, halving_names(function))
    if shape != "other":
        return shape
    if isinstance(arg, p.BinOp) and arg.op == "%":
        return "half"  # Euclid: the remainder is below half of the divisor every two steps
    if isinstance(arg, p.Comprehension) and _from_param(function, arg.iter, param):
        filtered = arg.kind == "filter" or any(isinstance(n, p.If) for n in p.walk(arg.body))
        return "partition" if filtered else "child"
    names = p.names_in(arg)
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.value is not None:
            bound = {name for t in node.targets for name in p.assigned_names(t)}
            starred = {
                name
                for t in node.targets
                for part in p.walk(t)
                if isinstance(part, p.Other)
                for name in p.names_in(part)
            }
            if not bound & names:
                continue
            value = node.value
            if isinstance(value, p.Call) and isinstance(value.func, p.Name) and value.func.id == function.name:
                return "cursor"  # node.left, after = build(start + 1); build(after): where the last call stopped
            if starred & names and p.root_name(value) == param:
                return "step"  # first, *rest = arr
            if isinstance(value, p.Comprehension) and _from_param(function, value.iter, param):
                filtered = value.kind == "filter" or any(isinstance(n, p.If) for n in p.walk(value.body))
                return "partition" if filtered else "child"
            if isinstance(value, p.Call) and value.name not in ("len", "min", "max", "abs", "int"):
                if param in p.names_in(value.args) or not isinstance(arg, p.Name):
                    return "partition"  # p = partition(arr, lo, hi); sort(lo, p - 1)
        if isinstance(node, (p.Loop, p.Comprehension)) and node.iter is not None and names & set(node.targets):
            iterated = node.iter
            if isinstance(iterated, p.Call) and iterated.name == "range" and param in p.names_in(iterated.args):
                return "step"  # for end in range(start + 1, n + 1): f(end)
            if p.root_name(iterated) == param or (isinstance(iterated, p.Call) and param in p.names_in(iterated.args)):
                return "child"  # for item in arr: f(item)
    return "other"


def _from_param(function: p.Function, expr: p.Expr | None, param: str) -> bool:
    """``arr``, ``arr[1:]``, or ``rest`` after ``rest = arr.slice(1)``: the parameter's items."""
    names = p.names_in(expr)
    if param in names:
        return True
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Assign) and node.value is not None and param in p.names_in(node.value):
            if any(name in names for t in node.targets for name in p.assigned_names(t)):
                return True
    return False


def _call_results(function: p.Function, call_ids: set[int]) -> set[str]:
    """The names the function assigns the answers of its self-calls to (``rest = f(n - 1)``)."""
    return {
        name
        for node in p.walk(function.body, into_functions=False)
        if isinstance(node, p.Assign) and node.value is not None and any(id(n) in call_ids for n in p.walk(node.value))
        for t in node.targets
        for name in p.assigned_names(t)
    }


def collects_output(function: p.Function, calls: list[SelfCall]) -> str | None:
    """How the function adds its calls' answers to its own answer, when that answer is a list
    (``steps.extend(f(...))``, ``rest + [[first] + s for s in rest]``) or a collector it appends
    to (``res.append(path[:])`` in a backtracking search); None when it does not."""
    call_ids = {id(c.call) for c in calls}
    results = _call_results(function, call_ids)

    def from_call(expr: p.Node | None) -> bool:
        if expr is None:
            return False
        return any(id(n) in call_ids or (isinstance(n, p.Name) and n.id in results) for n in p.walk(expr))

    lists = _list_names(function)
    for node in p.walk(function.body, into_functions=False):
        if (
            isinstance(node, p.Call)
            and node.name in ("extend", "append", "add", "update")
            and node.receiver is not None
        ):
            if any(from_call(a) for a in node.args):
                return f"{p.root_name(node.receiver) or 'the answer'} gathers what the calls return"
        if isinstance(node, (p.Loop, p.Comprehension)) and from_call(node.iter) and _returns_lists(function, lists):
            return "it builds on every item the calls return"
        if isinstance(node, p.BinOp) and node.op == "+" and _returns_lists(function, lists):
            if from_call(node.left) or from_call(node.right):
                return "it joins the lists the calls return"
    local = _local_names(function)
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Call) and node.name in ("append", "add") and node.receiver is not None:
            owner = p.root_name(node.receiver)
            if owner and owner not in local and owner not in function.params:
                return f"{owner} collects every answer it reaches"
    return None


def doubles(function: p.Function, calls: list[SelfCall]) -> bool:
    """One call whose answer is used twice in what is returned (``rest + [... for s in rest]``):
    the answer doubles with every level."""
    call_ids = {id(c.call) for c in calls}
    results = _call_results(function, call_ids)
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Return) and node.value is not None:
            uses = sum(1 for n in p.walk(node.value) if isinstance(n, p.Name) and n.id in results)
            if uses >= 2:
                return True
    return False


def _assigned(function: p.Function, keep: Callable[[p.Assign], bool]) -> set[str]:
    """The names that the assignments ``keep`` accepts bind in ``function`` (not in inner functions)."""
    return {
        name
        for node in p.walk(function.body, into_functions=False)
        if isinstance(node, p.Assign) and keep(node)
        for t in node.targets
        for name in p.assigned_names(t)
    }


def _list_names(function: p.Function) -> set[str]:
    return _assigned(function, lambda node: isinstance(node.value, (p.Seq, p.Comprehension)))


def _returns_lists(function: p.Function, lists: set[str]) -> bool:
    for node in p.walk(function.body, into_functions=False):
        if isinstance(node, p.Return) and node.value is not None:
            value = node.value
            if isinstance(value, p.Seq) and value.kind == "list":
                return True
            if isinstance(value, p.Comprehension) and value.kind == "list":
                return True
            if isinstance(value, p.Name) and value.id in lists:
                return True
    return False


def _local_names(function: p.Function) -> set[str]:
    return _assigned(function, lambda node: bool(node.declaration) or node.op is None)
