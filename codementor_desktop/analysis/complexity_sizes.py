"""Time in the problem's own sizes, where the code has several: ``O(len(items) · capacity)`` for
a knapsack table, ``O(rows · cols)`` for a grid walk, ``O(len(s) · len(t))`` for two strings.

The static reading multiplies loop factors; each loop over an input also names the size it runs
over (the input's length, an integer parameter's value, a grid's rows or columns, the cells of a
grid (``complexity_grid_sizes``), a tree's nodes or height, a linked list's nodes
(``complexity_tree_sizes``)). The named reading is given only when it is consistent (one name
per factor of n, the cells counting as rows and columns) and has at least two different sizes;
otherwise the one-size class says it all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from . import program as p
from .complexity_classes import LINEAR, Growth
from .complexity_grid_sizes import EDGES, cells_of, filled_in_sweep, worklist_of_cells
from .complexity_tree_sizes import HEIGHT, below_each_node, list_walked, tree_walked
from .facts import Scope
from .loops import LoopInfo, family_in_context

UNKNOWN = "?"
_WRAPPERS = ("sorted", "reversed", "enumerate", "list", "set")


def declared_types(problem: Mapping | None, scopes: list[Scope]) -> dict[str, str]:
    """Parameter -> its declared type: the problem's signature, else the annotations."""
    types: dict[str, str] = {}
    for scope in scopes:
        types.update(scope.function.annotations)
    function = (problem or {}).get("function") or {}
    for param in function.get("params") or [] if isinstance(function, Mapping) else []:
        if isinstance(param, Mapping) and param.get("name"):
            types[str(param["name"])] = str(param.get("type") or "")
    return types


def loop_size(
    scope: Scope, loop: p.Loop | p.Comprehension, loops: list[LoopInfo], factor: Growth, types: Mapping[str, str]
) -> tuple[str, ...]:
    """The size a loop of class ``factor`` runs over, named (``()`` when it is not a size)."""
    if factor != LINEAR:
        return ()

    def _is_grid(_scope: Scope, name: str | None) -> bool:
        return name is not None and types.get(name, "").replace(" ", "").lower().startswith("list[list[")

    iterable = loop.iter
    span = span_name(iterable)
    if span is not None and types.get(span, "").strip() == "int":
        return (f"#{span}",)  # range(start, start + k), nums[start:start + k]: k items
    if isinstance(loop.iter, p.Call) and below_each_node(loop.iter, loops):
        return (HEIGHT,)  # for v in values(node.left): the subtree below each node of a walk
    listed = (
        iterable.args[0] if isinstance(iterable, p.Call) and iterable.name in _WRAPPERS and iterable.args else iterable
    )
    filled = filled_in_sweep(scope, listed.id if isinstance(listed, p.Name) else None, types)
    if filled is not None:
        return (f"{filled}.cells",)  # for r, c in land: the cells collected by a sweep of the grid
    worked = worklist_of_cells(loop, types)
    if worked is not None:
        return (f"{worked}.cells",)
    walked = tree_walked(scope, loop)
    if walked is not None:
        return (walked,)  # each node of the tree taken off a stack seeded with its root
    lists = list_walked(scope, loop)
    if lists:
        return ("+".join(lists),)  # node = node.next: as many passes as nodes (of both, in a merge)
    family = family_in_context(loop, loops, scope)
    if isinstance(loop, p.Loop) and loop.kind == "while" and not (family and family in types):
        tested = {
            scope.family(p.root_name(n.args[0]) or "") or p.root_name(n.args[0])
            for n in (p.walk(loop.test) if loop.test is not None else [])
            if isinstance(n, p.Call) and n.name == "len" and n.args
        }
        if len(tested) == 1 and next(iter(tested)) in types:
            return (str(next(iter(tested))),)  # while i + 1 < len(num): a pointer along num
        counted = _node_count(scope, types)
        if counted is not None:
            return (f"#{counted}",)  # a walk that takes each node off its queue once
    grid = family is not None and _is_grid(scope, family)
    if family is not None and not grid:
        if isinstance(iterable, p.Call) and iterable.name == "range" and iterable.args:
            if not any(isinstance(n, p.Call) and n.name == "len" for n in p.walk(iterable.args)):
                if family in p.names_in(iterable.args):
                    return (f"#{family}",)  # range(capacity + 1): the value of a number, not a length
        return (family,)
    # A grid: rows when the loop runs down the outer list, columns when it runs along one row.
    bound = iterable.args[-1] if isinstance(iterable, p.Call) and iterable.name == "range" and iterable.args else None
    if isinstance(bound, p.BinOp) and bound.op in ("+", "-") and p.const_int(bound.right) is not None:
        bound = bound.left  # range(c1 + 1, cols + 1): as many as cols
    if isinstance(bound, p.Name):
        bound = _bound_value(scope, bound.id) or bound  # cols = len(grid[0]); range(cols)
    measured = bound.args[0] if isinstance(bound, p.Call) and bound.name == "len" and bound.args else iterable
    if isinstance(measured, p.Call) and measured.name in ("enumerate", "reversed") and measured.args:
        measured = measured.args[0]
    outer_rows = {t for info in loops if info.family is not None and _is_grid(scope, info.family) for t in info.targets}
    if isinstance(measured, p.Call) and measured.name == "len" and measured.args:
        measured = measured.args[0]
    if isinstance(bound, p.Call) and bound.name == "len" and isinstance(measured, p.Name):
        if _is_grid(scope, measured.id):
            return (f"{measured.id}.rows",)
    if isinstance(measured, p.Index) and _is_grid(scope, p.root_name(measured)):
        return (f"{p.root_name(measured)}.cols",)
    if isinstance(measured, p.Name) and measured.id in outer_rows:
        return (f"{_grid_of(loops, measured.id, scope)}.cols",)
    if grid and family is not None:
        return (f"{family}.rows",)
    if isinstance(iterable, p.Call) and iterable.name == "range":
        # range(len(nums) - k + 1): as many passes as nums has items (k aside)
        measured_inputs = [
            scope.family(p.root_name(n.args[0])) or p.root_name(n.args[0])
            for n in p.walk(iterable.args)
            if isinstance(n, p.Call) and n.name == "len" and n.args and p.root_name(n.args[0])
        ]
        if len(set(measured_inputs)) == 1 and measured_inputs[0]:
            return (str(measured_inputs[0]),)
    return (UNKNOWN,)


def _node_count(scope: Scope, types: Mapping[str, str]) -> str | None:
    """The one integer parameter that sizes the function's per-node tables (``[False] * n``,
    ``[[] for _ in range(n)]``): the number of nodes a graph walk visits."""
    ints = {name for name, declared in types.items() if declared.strip() == "int"}
    used = set()
    for node in p.walk(scope.function.body, into_functions=False):
        if isinstance(node, p.BinOp) and node.op == "*" and isinstance(node.left, p.Seq):
            used |= p.names_in(node.right) & ints
        if isinstance(node, p.Call) and node.name == "range" and len(node.args) == 1:
            used |= p.names_in(node.args[0]) & ints
    return next(iter(used)) if len(used) == 1 else None


def terms_in_sizes(terms: list[tuple[Growth, tuple[str, ...]]], scope: Scope | None = None) -> dict[str, Any] | None:
    """``O(n + len(edges))``: the statements of the body that cost the most, when they run over
    different sizes (building an adjacency list from the edges, then walking the nodes)."""
    top = max((g for g, _ in terms), default=None)
    if top is None or top.exponential or top.degree == 0:
        return None
    kept: list[tuple[str, ...]] = []
    every = {s for _, sizes in terms for s in _expanded(sizes)}
    for growth, sizes in terms:
        if growth != top or UNKNOWN in sizes or len(sizes) != growth.degree or any("+" in s for s in sizes):
            continue
        sizes = tuple(_plain_rows(s, every) for s in _expanded(sizes))
        key = tuple(sorted(sizes))
        if key not in kept:
            kept.append(key)
    kinds = scope_kinds(scope)
    logs = {key: top.logs for key in kept}
    if len(kept) == 1 and scope is not None and all(_counted_table(scope, name) for name in kept[0]):
        # The best k of the distinct values counted: the table is no larger than the input, but
        # the count of the input is not outweighed by work on the table (O(n + d log k)).
        read = [(g, sz) for g, sz in terms if g < top and g.degree == len(sz) >= 1 and UNKNOWN not in sz]
        read = [(g, sz) for g, sz in read if all(name in scope.function.params for name in sz)]
        if read:
            growth, sizes = max(read, key=lambda item: item[0])
            kept.insert(0, tuple(sorted(sizes)))
            logs[kept[0]] = growth.logs
    if len(kept) < 2:
        return None
    lone = _lone_node({name for sizes in kept for name in sizes}, kinds)
    legend: dict[str, str] = {}
    parts = []
    shared = len(set(logs.values())) == 1
    for sizes in kept:
        counts = Counter(sizes)
        shown = []
        for name in sorted(counts):
            legend[_shown(name, kinds, lone)] = _meaning(name, kinds)
            shown.append(_shown(name, kinds, lone) + (f"^{counts[name]}" if counts[name] > 1 else ""))
        parts.append(" · ".join(shown) + ("" if shared else _log(logs[sizes])))
    log = _log(top.logs) if shared else ""
    body = " + ".join(parts)
    return {"notation": f"O(({body}){log})" if log else f"O({body})", "sizes": legend}


def _counted_table(scope: Scope, name: str) -> bool:
    """A dict the function fills itself (``counts[value] = counts.get(value, 0) + 1``)."""
    return scope.kind(name) == "dict" and name not in scope.function.params


def _log(logs: int) -> str:
    return "" if not logs else " · log" if logs == 1 else f" · log^{logs}"


def span_name(expr: p.Expr | None) -> str | None:
    """The one name that ``upper - lower`` leaves of ``range(lower, upper)`` or ``xs[lower:upper]``
    (``start + k - start`` is ``k``), constants aside; None otherwise."""
    if isinstance(expr, p.Call) and expr.name == "range" and len(expr.args) >= 2:
        lower, upper = expr.args[0], expr.args[1]
    elif isinstance(expr, p.Slice) and expr.lower is not None and expr.upper is not None:
        lower, upper = expr.lower, expr.upper
    else:
        return None
    terms: dict[str, int] = {}
    for sign, term in [*_additive(upper, 1), *_additive(lower, -1)]:
        if p.const_int(term) is not None:
            continue
        if not isinstance(term, p.Name):
            return None
        terms[term.id] = terms.get(term.id, 0) + sign
    left = [name for name, count in terms.items() if count]
    return left[0] if len(left) == 1 and terms[left[0]] == 1 else None


def _additive(expr: p.Expr, sign: int) -> list[tuple[int, p.Expr]]:
    if isinstance(expr, p.BinOp) and expr.op in ("+", "-"):
        return [*_additive(expr.left, sign), *_additive(expr.right, sign if expr.op == "+" else -sign)]
    return [(sign, expr)]


def _bound_value(scope: Scope, name: str) -> p.Expr | None:
    """What ``name`` is bound to in the function (``rows, cols = len(grid), len(grid[0])`` too)."""
    for node in p.walk(scope.function.body, into_functions=False):
        if not isinstance(node, p.Assign) or node.op is not None or node.value is None:
            continue
        for target in node.targets:
            if isinstance(target, p.Name) and target.id == name:
                return node.value
            if isinstance(target, p.Seq) and isinstance(node.value, p.Seq):
                for item, value in zip(target.items, node.value.items, strict=False):
                    if isinstance(item, p.Name) and item.id == name:
                        return value
    return None


def _grid_of(loops: list[LoopInfo], target: str, scope: Scope) -> str:
    for info in loops:
        if target in info.targets and info.family is not None:
            return info.family
    return "grid"


def named(growth: Growth, sizes: tuple[str, ...], scope: Scope | None = None) -> dict[str, Any] | None:
    """``{"notation": "O(len(items) · capacity)", "sizes": {...}}`` or None when one size says it."""
    if growth.exponential or not sizes or UNKNOWN in sizes or len(sizes) != growth.degree:
        return None
    kinds = scope_kinds(scope)
    if any("+" in size for size in sizes):
        if len(sizes) != 1:
            return None  # a sum inside a product: not said in sizes
        summed = sizes[0].split("+")
        lone = _lone_node(summed, kinds)
        legend = {_shown(name, kinds, lone): _meaning(name, kinds) for name in summed}
        return {"notation": "O(" + " + ".join(legend) + ")", "sizes": legend}
    sizes = _expanded(sizes)
    sizes = tuple(_plain_rows(s, set(sizes)) for s in sizes)
    counts = Counter(sizes)
    if len(counts) < 2:
        return None
    lone = _lone_node(counts, kinds)
    parts, legend = [], {}
    for name in sorted(counts, key=lambda n: (-counts[n], n)):
        shown = _shown(name, kinds, lone)
        legend[shown] = _meaning(name, kinds)
        power = counts[name]
        parts.append(shown if power == 1 else f"{shown}^{power}")
    product = " · ".join(parts)
    if growth.logs:
        product += " · log" if growth.logs == 1 else f" · log^{growth.logs}"
    return {"notation": f"O({product})", "sizes": legend}


def _expanded(sizes: tuple[str, ...]) -> tuple[str, ...]:
    """Each factor by the sizes it names: the cells of a grid are its rows and its columns."""
    return tuple(name for size in sizes for name in cells_of(size))


def _plain_rows(size: str, every: set[str]) -> str:
    """The rows of a list of lists are just its length unless the code also walks its columns."""
    base = size.removesuffix(".rows")
    return base if size.endswith(".rows") and f"{base}.cols" not in every else size


def scope_kinds(scope: Scope | None) -> Mapping[str, str]:
    return getattr(scope, "kinds", {}) if scope is not None else {}


def _lone_node(names: Any, kinds: Mapping[str, str]) -> bool:
    """Whether one linked structure (a tree, a list) is among the sizes: then it is shown as n."""
    return sum(1 for name in names if kinds.get(name) == "node") == 1


def _shown(name: str, kinds: Mapping[str, str], lone_node: bool = True) -> str:
    if name == HEIGHT:
        return "h"
    if name.endswith(EDGES):
        return "E"
    if kinds.get(name) == "node" and lone_node:
        return "n"
    if name.startswith("#"):
        return name[1:]
    if name.endswith(".rows"):
        return "rows"
    if name.endswith(".cols"):
        return "cols"
    if kinds.get(name) == "int":
        return name
    return f"len({name})"


def _meaning(name: str, kinds: Mapping[str, str]) -> str:
    if name == HEIGHT:
        return "the height of the tree"
    if name.endswith(EDGES):
        return f"the edges of {name.removesuffix(EDGES)} (the entries of its neighbour lists)"
    if kinds.get(name) == "node":
        return f"the nodes of {name}"
    if name.startswith("#"):
        return f"the value of {name[1:]}"
    if name.endswith(".rows"):
        return f"the rows of {name.removesuffix('.rows')}"
    if name.endswith(".cols"):
        return f"the columns of {name.removesuffix('.cols')}"
    if kinds.get(name) == "int":
        return f"the value of {name}"
    return f"the length of {name}"
