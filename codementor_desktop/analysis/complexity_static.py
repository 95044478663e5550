"""Time and space read from the structure of the code, in terms of the input size n.

Time: loops multiply (a loop over the input is n; over a constant, 1; halving a range, log n; a
pointer loop that resumes where it stopped across an outer loop is amortized to 1), statements
in a row take the largest, and built-ins cost what they are known to cost (``sort`` n log n,
``in`` on a list n, a slice n, ``heappush`` log n). Recursion by its shape: a chain (n - 1) is n
calls, halving is log n deep, a tree walk visits n nodes, two calls on n - 1 and n - 2 without a
memo are 2ⁿ, and a memo bounds the calls by the states. Space is read in
``complexity_space``.

``hidden`` is the part of the time spent inside built-ins, which counting line events cannot
see; the measured estimate adds it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import program as p
from .complexity_alphabet import alphabet_bounded
from .complexity_classes import CONSTANT, EXPONENTIAL, LINEAR, LOG, Growth
from .complexity_grid_sizes import EDGES, named_factors, repeated_sweep
from .complexity_recurrence import TREE, Recurrence, memoized, recurrence, self_calls
from .complexity_sizes import UNKNOWN, declared_types, loop_size, named, span_name, terms_in_sizes
from .complexity_space import extra_space
from .complexity_tree_sizes import HEIGHT, below_each_node, below_own_node, pass_per_level, walks_one_path
from .context import Context
from .costs import Cost, builtin_cost, derived
from .detectors.flow import modified_names
from .facts import Scope
from .loops import LoopInfo, family_in_context, leaves, measured_names, search_entered_once

_GUESS = "a loop until the input is used up"


@dataclass
class Estimate:
    time: Growth = CONSTANT
    space: Growth = CONSTANT
    hidden: Growth = CONSTANT
    time_evidence: list[str] = field(default_factory=list)
    space_evidence: list[str] = field(default_factory=list)
    unsure: bool = False  # the reading rests on a guess (an early exit, an unknown recursion)
    time_in_sizes: dict | None = None  # O(len(items) · capacity) where the code has several sizes


def estimate(ctx: Context) -> Estimate:
    """The estimate for the program's entry (the first top-level function, or the biggest)."""
    result = Estimate()
    scopes = {id(s.function): s for s in ctx.scopes}
    entries = [s for s in ctx.top_scopes()] or ctx.scopes
    if not entries:
        return result
    reader = _Reader(ctx, scopes)
    for scope in entries:
        time, hidden = reader.function_time(scope)
        if time.growth >= result.time:
            result.time = time.growth
            result.time_evidence = reader.notes(scope)
            result.unsure = reader.unsure
            result.time_in_sizes = named(time.growth, time.sizes, scope) or terms_in_sizes(
                reader.terms_of.get(id(scope.function), []), scope
            )
        result.hidden = max(result.hidden, hidden)
        for part in _own_scopes(ctx, scope):  # a helper defined inside keeps its tables too
            space, why = extra_space(ctx, part)
            if space > result.space or (space == result.space and part is scope):
                result.space, result.space_evidence = space, why
    return result


def _builtin_sizes(scope: Scope, node: p.Node, growth: Growth) -> tuple[str, ...]:
    """The input a built-in works through (``sorted(nums)``: nums), once per factor of n."""
    for part in p.walk(node):
        span = span_name(part) if isinstance(part, p.Slice) else None
        if span is not None and scope.kind(span) == "int":
            return (f"#{span}",) * growth.degree  # max(nums[i:i + k]): k items
    if isinstance(node, p.Call) and node.name in ("nsmallest", "nlargest") and len(node.args) >= 2:
        pool = node.args[1]
        if isinstance(pool, p.Call) and pool.name in ("items", "keys", "values") and pool.receiver is not None:
            pool = pool.receiver
        table = p.root_name(pool)
        if table is not None and scope.kind(table) == "dict" and table not in scope.function.params:
            return (table,) * growth.degree  # the distinct keys counted, not the items read
    families = [scope.family(name) for name in sorted(p.names_in(node))]
    family = next((f for f in families if f is not None), UNKNOWN)
    if family != UNKNOWN and scope.kind(family) == "int":
        family = f"#{family}"  # [False] * n: as many as the value of n
    return (family,) * growth.degree


def _own_scopes(ctx: Context, scope: Scope) -> list[Scope]:
    """The function and the functions defined inside it."""
    inner = {id(n) for n in p.walk(scope.function.body) if isinstance(n, p.Function)}
    return [scope, *(s for s in ctx.scopes if id(s.function) in inner)]


class _Reader:
    def __init__(self, ctx: Context, scopes: dict[int, Scope]) -> None:
        self.once: list[Cost] = []
        self.ctx = ctx
        self.scopes = scopes
        self.by_name = {s.function.name: s for s in ctx.scopes}
        self.cache: dict[int, tuple[Cost, Growth]] = {}
        self.active: set[int] = set()
        self.notes_of: dict[int, list[str]] = {}
        self.unsure = False
        self.guesses = 0  # guessed while-loop bounds around the statement being read
        self.types = declared_types(ctx.raw_problem, ctx.scopes)
        self.terms_of: dict[int, list[tuple[Growth, tuple[str, ...]]]] = {}  # the body's statements

    def notes(self, scope: Scope) -> list[str]:
        return self.notes_of.get(id(scope.function), [])

    def function_time(self, scope: Scope) -> tuple[Cost, Growth]:
        key = id(scope.function)
        if key in self.cache:
            return self.cache[key]
        if key in self.active:
            return Cost(CONSTANT), CONSTANT
        self.active.add(key)
        notes: list[str] = []
        self.notes_of[key] = notes
        outer_once, self.once = getattr(self, "once", []), []
        body, hidden = self.block(scope, scope.function.body, [], notes)
        total = max([body, *self.once], key=lambda c: c.growth)
        self.once = outer_once
        recursion = _recursion(self.ctx, scope, body.growth)
        if recursion is not None and recursion.growth >= total.growth:
            one_path = recursion.growth == LINEAR and walks_one_path(scope.function)
            sizes: tuple[str, ...] = (HEIGHT,) if one_path else ()
            node = scope.function.params[0] if scope.function.params else None
            if recursion.kind == TREE and body.sizes == (HEIGHT,) and node and scope.kind(node) == "node":
                sizes = (node, HEIGHT)  # each node of the tree, and below it the subtree: n · h
            total = Cost(recursion.growth, recursion.why, recursion.line, sizes)
            notes.append(f"line {recursion.line}: {recursion.why}")
            self.unsure |= recursion.unsure
        self.active.discard(key)
        self.cache[key] = (total, hidden)
        return total, hidden

    def block(self, scope: Scope, stmts: list, loops: list, notes: list[str]) -> tuple[Cost, Growth]:
        worst, hidden = Cost(CONSTANT), CONSTANT
        terms = self.terms_of.setdefault(id(scope.function), []) if stmts is scope.function.body else None
        for stmt in stmts:
            cost, inner_hidden = self.stmt(scope, stmt, loops, notes)
            if terms is not None:
                terms.append((cost.growth, cost.sizes))
            hidden = max(hidden, inner_hidden)
            heavier = cost.growth == worst.growth and named_factors(cost.sizes) > named_factors(worst.sizes)
            if cost.growth > worst.growth or heavier:
                worst = cost
        if loops and leaves(stmts):
            # A block that ends in a return runs once, however many passes lead to it.
            self.once.append(worst)
            return Cost(CONSTANT), hidden
        return worst, hidden

    def stmt(self, scope: Scope, stmt: p.Node, loops: list, notes: list[str]) -> tuple[Cost, Growth]:
        if isinstance(stmt, p.Function):
            return Cost(CONSTANT), CONSTANT
        if loops and (isinstance(stmt, p.Return) or (isinstance(stmt, p.Jump) and stmt.kind == "raise")):
            # Runs once: it leaves every loop around it.
            cost, hidden = self.expr_cost(scope, [stmt], loops, notes)
            self.once.append(cost)
            return Cost(CONSTANT), hidden
        if isinstance(stmt, (p.Loop, p.Comprehension)):
            factor, why = _loop_factor(self.ctx, scope, stmt, loops)
            info = LoopInfo(stmt, family_in_context(stmt, loops, scope), list(stmt.targets))
            inner_stmts = [*stmt.body, *(stmt.update if isinstance(stmt, p.Loop) else [])]
            head, head_hidden = self.expr_cost(
                scope, [stmt.iter, stmt.test] if isinstance(stmt, p.Loop) else [stmt.iter], loops
            )
            guessed = why == _GUESS
            self.guesses += guessed
            body, hidden = self.block(scope, inner_stmts, [*loops, info], notes)
            self.guesses -= guessed
            if guessed and (self.guesses or body.growth != CONSTANT or any(i.family for i in loops)):
                self.unsure = True  # a guessed bound multiplied by other work: let a measurement decide
            total = factor * body.growth
            if factor == CONSTANT and isinstance(stmt.iter, p.Index) and _popped_node(stmt.iter.index, loops):
                graph = p.root_name(stmt.iter)
                if graph in scope.function.params:
                    # The neighbours of each node taken off the queue: every edge once in all, a
                    # term of its own beside the walk over the nodes (O(V + E)).
                    self.terms_of.setdefault(id(scope.function), []).append((LINEAR, (f"{graph}{EDGES}",)))
            size = loop_size(scope, stmt, loops, factor, self.types)
            swept = repeated_sweep(stmt, body.sizes) if size == (UNKNOWN,) else None
            size = (swept,) if swept is not None else size
            if size == (UNKNOWN,) and pass_per_level(scope, stmt, body.sizes):
                size = (HEIGHT,)  # one pass per level of the tree
            if factor != CONSTANT and why:
                notes.append(f"line {stmt.line}: {why} ({factor.label})")
            # Work inside built-ins repeats with the loop; no such work stays none.
            hidden = max(head_hidden, factor * hidden if hidden != CONSTANT else CONSTANT)
            candidates = [Cost(total, why, stmt.line, size + body.sizes), head, Cost(factor, why, stmt.line, size)]
            chosen = max(candidates, key=lambda c: c.growth)  # the first of equals: the product
            return Cost(chosen.growth, why, stmt.line, chosen.sizes), hidden
        children = list(p.children(stmt))
        statements = [
            c
            for c in children
            if isinstance(
                c,
                (
                    p.If,
                    p.Loop,
                    p.Return,
                    p.Assign,
                    p.ExprStmt,
                    p.Try,
                    p.Block,
                    p.Switch,
                    p.Jump,
                    p.Delete,
                    p.Pass,
                    p.Comprehension,
                ),
            )
        ]
        if isinstance(stmt, p.If):
            head, head_hidden = self.expr_cost(scope, [stmt.test], loops)
            if loops and search_entered_once(stmt) is not None:
                cost, hidden = self.block(scope, stmt.body, [], notes)
                notes.append(
                    f"line {stmt.line}: a search that returns at its match, entered once ({cost.growth.label})"
                )
                self.once.append(cost)
                self.unsure = True
                return head, max(hidden, head_hidden)
            body, hidden = self.block(scope, stmt.body, loops, notes)
            other, other_hidden = self.block(scope, stmt.orelse, loops, notes)
            worst = max([head, body, other], key=lambda c: c.growth)
            return worst, max(hidden, other_hidden, head_hidden)
        if isinstance(stmt, (p.If, p.Try, p.Block, p.Switch)):
            exprs = [c for c in children if c not in statements]
            head, head_hidden = self.expr_cost(scope, exprs, loops)
            body, hidden = self.block(scope, statements, loops, notes)
            return (body if body.growth >= head.growth else head), max(hidden, head_hidden)
        return self.expr_cost(scope, [stmt], loops, notes)

    def expr_cost(self, scope: Scope, roots: list, loops: list, notes: list[str] | None = None) -> tuple[Cost, Growth]:
        worst, hidden = Cost(CONSTANT), CONSTANT
        for root in roots:
            if root is None:
                continue
            for node in p.walk(root, into_functions=False):
                if isinstance(node, p.Comprehension):
                    looped, inner = self.stmt(scope, node, loops, notes if notes is not None else [])
                    worst = max(worst, looped, key=lambda c: c.growth)
                    hidden = max(hidden, inner)
                    continue
                cost: Cost | None = builtin_cost(self.ctx, scope, node, loops)
                if cost is not None:
                    cost.sizes = _builtin_sizes(scope, node, cost.growth)
                    hidden = max(hidden, cost.growth)
                    if notes is not None and cost.growth != CONSTANT:
                        notes.append(f"line {cost.line}: {cost.why} ({cost.growth.label})")
                elif isinstance(node, p.Call) and isinstance(node.func, p.Name) and node.func.id in self.by_name:
                    helper = self.by_name[node.func.id]
                    if helper.function is not scope.function:
                        helper_cost, helper_hidden = self.function_time(helper)
                        sizes = helper_cost.sizes
                        if helper_cost.growth == LINEAR and (
                            below_each_node(node, loops) or below_own_node(scope.function, node)
                        ):
                            sizes = (HEIGHT,)  # the subtree below each node of a walk: n · h in all
                        cost = Cost(helper_cost.growth, f"calls {node.func.id}", node.line, sizes)
                        if notes is not None and helper_cost.growth != CONSTANT:
                            # Say where the helper's cost comes from, once.
                            notes.extend(n for n in self.notes(helper) if n not in notes)
                        hidden = max(hidden, helper_hidden)
                        if memoized(self.ctx, helper.function):
                            self.once.append(cost)  # a memo pays for each state once, however often it is called
                            cost = None
                if cost is not None and cost.growth > worst.growth:
                    worst = cost
        return worst, hidden


def _loop_factor(ctx: Context, scope: Scope, loop: p.Loop | p.Comprehension, loops: list) -> tuple[Growth, str]:
    family = family_in_context(loop, loops, scope)
    bounded = alphabet_bounded(ctx, scope)
    if bounded and isinstance(loop, p.Loop) and loop.kind == "while" and p.names_in(loop.test) <= bounded:
        return CONSTANT, ""  # while letters are left: at most the alphabet
    if bounded and loop.iter is not None and p.root_name(loop.iter) in bounded:
        return CONSTANT, ""  # the letters of the alphabet, or what one letter maps to among them
    if isinstance(loop, p.Loop) and loop.kind == "while":
        if _halves(loop):
            return LOG, "the range halves on every pass"
        if _follows_parents(loop):
            return CONSTANT, ""
        if loops and _resumes(scope, loop, loops):
            return CONSTANT, ""  # a pointer that keeps its place across the outer loop
        return LINEAR, _GUESS
    iterable = loop.iter
    if _constant(iterable):
        return CONSTANT, ""
    if isinstance(iterable, p.Call) and iterable.name == "range" and any(subsets(a) for a in iterable.args):
        return EXPONENTIAL, "a loop over every subset of the items (2ⁿ masks)"
    recursive = bool(self_calls(scope.function))
    if recursive and isinstance(iterable, p.Name) and iterable.id in scope.function.params:
        if _recurses_on_items(scope.function, loop):
            return CONSTANT, ""  # for item in arr: f(item): over all calls, each item once
    if recursive and isinstance(iterable, p.Call) and iterable.name == scope.function.name:
        return CONSTANT, ""  # the items a call returns: the recursion (or the answer's size) pays for them
    if recursive and isinstance(iterable, (p.Index, p.Attr)) and p.root_name(iterable) in scope.function.params:
        return CONSTANT, ""  # the neighbours of the node a call visits: over all calls, one pass
    if loops and _next_level(loop, loops):
        return CONSTANT, ""  # one level of a level-by-level walk: each item is in one level only
    if family is not None:
        if loops and _drains(loop, scope, family):
            return CONSTANT, ""  # one level of a level-by-level walk: each item is taken once
        return LINEAR, f"a loop over {family}"
    root = p.root_name(iterable)
    if isinstance(iterable, p.Index) and _popped_node(iterable.index, loops):
        return CONSTANT, ""  # the neighbours of the node just taken off the queue: each edge once in all
    if isinstance(iterable, (p.Index, p.Attr)) and root is not None:
        outer = {info.family for info in loops}
        if scope.family(root) in outer or root in {t for info in loops for t in info.targets}:
            return CONSTANT, ""  # the neighbours of one node: together, one pass over the input
        return LINEAR, f"a loop over a part of {root}"
    targets = {t for info in loops for t in info.targets}
    if root is not None and (root in targets or derived(scope, root, targets)):
        return CONSTANT, ""  # the letters of one word: bounded apart from n
    if isinstance(iterable, p.Call) and iterable.name == "range":
        measured = measured_names(iterable.args[:2])
        if measured and all(name in targets or derived(scope, name, targets) for name in measured):
            return CONSTANT, ""  # range(len(row)) over one row of rows, as `for x in row` is
    return LINEAR, "a loop over a collection"


def subsets(expr: p.Expr | None) -> bool:
    """``1 << n``, ``2 ** n``: the number of subsets of n items."""
    for node in p.walk(expr) if expr is not None else []:
        if isinstance(node, p.BinOp) and node.op == "<<" and p.const_int(node.left) == 1:
            return p.const_int(node.right) is None
        if isinstance(node, p.BinOp) and node.op == "**" and p.const_int(node.left) == 2:
            return p.const_int(node.right) is None
    return False


def _halved(value: p.BinOp) -> bool:
    """``(...) / 2`` or ``0.5 * (...)``."""
    if value.op == "/":
        return p.const_int(value.right) == 2
    if value.op == "*":
        return any(isinstance(side, p.Const) and side.value == 0.5 for side in (value.left, value.right))
    return False


def _popped_node(index: p.Expr, loops: list) -> bool:
    """``node`` in ``adj[node]`` was taken off the queue a surrounding ``while queue`` drains."""
    if not isinstance(index, p.Name):
        return False
    for info in loops:
        loop = info.node
        if not (isinstance(loop, p.Loop) and loop.kind == "while"):
            continue
        drained = p.names_in(loop.test)
        for node in p.walk(loop.body, into_functions=False):
            if not (isinstance(node, p.Assign) and isinstance(node.value, p.Call)):
                continue
            call = node.value
            if call.name not in ("pop", "popleft", "heappop", "shift", "get"):
                continue
            source = call.receiver if call.receiver is not None else (call.args[0] if call.args else None)
            taken = {name for t in node.targets for name in p.assigned_names(t)}
            if p.root_name(source) in drained and index.id in taken:
                return True
    return False


def _recurses_on_items(function: p.Function, loop: p.Loop | p.Comprehension) -> bool:
    """The loop's body calls the function itself on one of the loop's items (a nested list)."""
    targets = set(loop.targets)
    return any(
        isinstance(node, p.Call)
        and node.name == function.name
        and any(isinstance(a, p.Name) and a.id in targets for a in node.args)
        for node in p.walk(loop.body, into_functions=False)
    )


def _drains(loop: p.Loop | p.Comprehension, scope: Scope, family: str) -> bool:
    for node in p.walk(loop.body):
        if isinstance(node, p.Call) and node.name in ("pop", "popleft") and isinstance(node.receiver, p.Name):
            if scope.family(node.receiver.id) == family:
                return True
    return False


def _next_level(loop: p.Loop | p.Comprehension, loops: list) -> bool:
    """``while level: ... for node in level: next_level.append(...) ... level = next_level`` with
    ``next_level = []`` made afresh on each pass."""
    outer = loops[-1].node
    if not (isinstance(loop.iter, p.Name) and isinstance(outer, p.Loop) and outer.kind == "while"):
        return False
    level = loop.iter.id
    if level not in p.names_in(outer.test):
        return False
    fresh = {
        name
        for n in outer.body
        if isinstance(n, p.Assign) and n.op is None and isinstance(n.value, p.Seq) and not n.value.items
        for t in n.targets
        for name in p.assigned_names(t)
    }
    return any(
        isinstance(n, p.Assign)
        and n.op is None
        and isinstance(n.value, p.Name)
        and n.value.id in fresh
        and any(level in p.assigned_names(t) for t in n.targets)
        for n in outer.body
    )


def _constant(iterable: p.Expr | None) -> bool:
    if isinstance(iterable, (p.Seq, p.Const)):
        return True  # a literal: as many passes as it has items, whatever they hold
    if isinstance(iterable, p.Call) and iterable.name == "range":
        return all(p.const_int(a) is not None for a in iterable.args)
    return False


def _follows_parents(loop: p.Loop) -> bool:
    """``while parent[x] != x: x = parent[x]`` with path compression: near-constant (union-find)."""
    for node in p.walk(loop.body):
        if not isinstance(node, p.Assign):
            continue
        pairs = [(t, node.value) for t in node.targets]
        for target, value in list(pairs):
            if isinstance(target, p.Seq) and isinstance(value, p.Seq):  # parent[x], x = root, parent[x]
                pairs.extend(zip(target.items, value.items, strict=False))
        for target, value in pairs:
            if isinstance(value, p.Index) and p.root_name(value):
                if isinstance(target, p.Name) and target.id in p.names_in(value.index):
                    return True
    return False


def _halves(loop: p.Loop) -> bool:
    """``mid = (lo + hi) // 2`` with ``lo = mid + 1``, or ``n //= 2``, ``i *= 2``."""
    tested = p.names_in(loop.test)
    for node in p.walk(loop.body):
        if (
            isinstance(node, p.Assign)
            and node.op in ("//", ">>", "*", "/", "&")
            and any(p.root_name(t) in tested for t in node.targets)
        ):
            return True  # n &= n - 1 clears a bit: as many passes as n has bits
        if (
            isinstance(node, p.Assign)
            and isinstance(node.value, p.BinOp)
            and _halved(node.value)
            and any(p.root_name(t) in tested for t in node.targets)
        ):
            return True  # x = (x + n / x) / 2: Newton's steps double the right digits
        if (
            isinstance(node, p.Assign)
            and node.value is not None
            and any(isinstance(n, p.BinOp) and n.op in ("//", ">>") for n in p.walk(node.value))
        ):
            if any(p.root_name(t) in tested for t in node.targets) or len(p.names_in(node.value) & tested) >= 2:
                return True
    return False


def _resumes(scope: Scope, loop: p.Loop, loops: list) -> bool:
    """Amortized: the loop's variables are set before the outer loop and only moved inside it
    (a pointer or a stack that keeps its place), or the loop pushes what the outer loop pops."""
    tested = p.names_in(loop.test)
    outer = loops[-1].node
    moved = modified_names(loop.body) & tested
    if not moved:
        return False
    pushed = {
        p.root_name(n.receiver)
        for n in p.walk(loop.body)
        if isinstance(n, p.Call) and n.name in ("append", "appendleft")
    }
    popped = {
        p.root_name(n.receiver) for n in p.walk(outer.body) if isinstance(n, p.Call) and n.name in ("pop", "popleft")
    }
    if isinstance(outer, p.Loop) and outer.test is not None:
        popped |= p.names_in(outer.test)
    if _reseeded_each_pass(outer, loop, moved):
        return False  # while True: stack = [root]; while stack: ...: a whole new walk on every pass
    if pushed & popped - {None}:
        return True
    for node in p.walk(outer.body):
        if isinstance(node, p.Assign) and node.op is None and not _inside(loop, node):
            if any(name in moved for t in node.targets for name in p.assigned_names(t)):
                return False
    return True


def _reseeded_each_pass(outer: p.Node, loop: p.Loop, moved: set[str]) -> bool:
    """The outer loop is ``while True`` (or a flag) and sets the inner loop's worklist afresh
    before it, on every pass."""
    if not (isinstance(outer, p.Loop) and outer.kind == "while"):
        return False
    if not (isinstance(outer.test, p.Name) or (isinstance(outer.test, p.Const) and outer.test.value is True)):
        return False
    return any(
        isinstance(stmt, p.Assign)
        and stmt.op is None
        and (
            isinstance(stmt.value, p.Seq) or (isinstance(stmt.value, p.Ternary) and isinstance(stmt.value.then, p.Seq))
        )
        and any(name in moved for t in stmt.targets for name in p.assigned_names(t))
        for stmt in outer.body
    )


def _inside(outer: p.Node, inner: p.Node) -> bool:
    return any(n is inner for n in p.walk(outer))


def _recursion(ctx: Context, scope: Scope, work: Growth) -> Recurrence | None:
    return recurrence(ctx, scope.function, work)
