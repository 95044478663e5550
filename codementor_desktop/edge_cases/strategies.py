"""Hypothesis strategies for a signature's arguments, within its bounds and small.

Small on purpose: a counterexample is most useful when it is short, Hypothesis shrinks towards
short ones anyway, and a bug that needs a long input to show (a large test) is the explicit
``large`` category's. Numbers lean towards small values near zero or the lower bound (an index,
a ``k``, a node count), with the whole range still drawn; the bounds themselves are the
``boundaries`` category's.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from .params import Param, Signature, keeps_preconditions, search_tree

MAX_SEED_SIZE = 200  # a written test larger than this is no seed: its neighbours are slow to draw and run

SEARCH_LEN = 8  # the longest list or string the random search draws
SEARCH_GRID = 4
SEARCH_NODES = 6
SEARCH_TREE = 10


def _numbers(param: Param) -> st.SearchStrategy[Any]:
    if param.kind == "bool":
        return st.booleans()
    lo, hi = param.lo, param.hi
    near_lo, near_hi = max(lo, min(hi, -8)), min(hi, max(lo, 8))
    if near_lo > near_hi or near_hi - near_lo < 2:
        near_lo, near_hi = lo, min(hi, lo + 8)
    small = st.integers(near_lo, near_hi)
    # A tiny range too: values that collide (duplicates, sums that cancel) are where bugs hide.
    tiny = st.integers(max(lo, min(hi, -2)), min(hi, max(lo, 2))) if lo <= 2 and hi >= -2 else small
    narrow = st.integers(max(lo, -100), min(hi, 100)) if max(lo, -100) <= min(hi, 100) else small
    ints = st.one_of(tiny, small, small, narrow, st.integers(lo, hi))
    if param.kind == "float":
        return st.one_of(ints.map(float), st.floats(float(lo), float(hi), allow_nan=False, allow_infinity=False))
    return ints


def _characters(param: Param) -> st.SearchStrategy[str]:
    """A string's characters: its alphabet, often only its first three letters (so that letters
    repeat and words meet, as anagrams and isomorphic strings need), or any character."""
    if not param.alphabet:
        return st.one_of(st.sampled_from("abc"), st.characters(codec="utf-8"))
    letters = sorted(set(param.alphabet))
    return st.one_of(st.sampled_from(letters[:3]), st.sampled_from(letters))


def _size(param: Param, cap: int) -> tuple[int, int]:
    low = min(param.min_len, cap)
    return low, max(low, min(param.max_len, cap))


def value_strategy(param: Param) -> st.SearchStrategy[Any]:
    """Values of one parameter on its own (a graph's nodes: see ``arguments_strategy``)."""
    kind = param.kind
    if kind in ("int", "float", "bool"):
        return _numbers(param)
    if kind == "str":
        low, high = _size(param, SEARCH_LEN)
        return st.text(alphabet=_characters(param), min_size=low, max_size=high)
    if kind == "linked":
        low, high = _size(param, SEARCH_LEN)
        return _stated(param, st.lists(_numbers(param), min_size=low, max_size=high, unique=param.distinct))
    if kind == "list":
        low, high = _size(param, SEARCH_LEN)
        element = param.element or Param(param.name, "int")
        free = st.lists(
            value_strategy(element), min_size=low, max_size=high, unique_by=repr if param.distinct else None
        )
        if element.kind != "str" or param.distinct:
            return _stated(param, free)
        # Words of one length, half the time: many problems on lists of words want them so.
        lengths = st.integers(max(element.min_len, 1), max(element.min_len, 1, min(element.max_len, 4)))
        same = lengths.flatmap(
            lambda n: st.lists(st.text(_characters(element), min_size=n, max_size=n), min_size=low, max_size=high)
        )
        return st.one_of(free, same)
    if kind == "tree" and param.bst:
        low, high = _size(param, SEARCH_TREE)
        return st.lists(_numbers(param), min_size=low, max_size=high, unique=param.distinct).map(search_tree)
    if kind == "tree":
        low, high = _size(param, SEARCH_TREE)
        values = st.lists(st.one_of(_numbers(param), _numbers(param), st.none()), min_size=low, max_size=high)
        if param.distinct:  # the nulls are missing children; only the values must differ
            return values.map(_rooted).filter(lambda tree: keeps_preconditions(param, tree))
        return values.map(_rooted)
    if kind == "grid":
        cell = value_strategy(param.element or Param(param.name, "int"))
        low, high = _size(param, SEARCH_GRID)
        rows = st.integers(max(low, 0), max(high, 0))
        cols = st.integers(1, max(1, min(param.max_len, SEARCH_GRID)))
        return st.tuples(rows, cols).flatmap(
            lambda rc: st.lists(st.lists(cell, min_size=rc[1], max_size=rc[1]), min_size=rc[0], max_size=rc[0])
        )
    if kind in ("edges", "adjacency"):
        return st.integers(1, SEARCH_NODES).flatmap(lambda n: graph_strategy(param, n))
    raise ValueError(f"no strategy for a parameter of kind {kind!r}")


def _stated(param: Param, strategy: st.SearchStrategy[list]) -> st.SearchStrategy[list]:
    """A list in increasing order when its table says so, or rotated from one (distinct ones are
    drawn unique)."""
    if param.rotated:
        return st.tuples(strategy.map(sorted), st.integers(0, SEARCH_LEN)).map(lambda v: rotate(v[0], v[1]))
    return strategy.map(sorted) if param.ascending else strategy


def rotate(values: list, by: int) -> list:
    """``values`` with its first ``by`` items (modulo its length) moved to the end."""
    if not values:
        return values
    by %= len(values)
    return values[by:] + values[:by]


def _rooted(values: list) -> list:
    """A level-order list whose root is a node (no root: the empty tree), without trailing nulls."""
    if values and values[0] is None:
        values = values[1:]
    while values and values[-1] is None:
        values = values[:-1]
    return values


def graph_strategy(param: Param, nodes: int) -> st.SearchStrategy[Any]:
    """Edges among ``nodes`` nodes numbered from the parameter's lower bound, or their adjacency
    (no nodes: no edges)."""
    if nodes <= 0:
        return st.just([])
    count = max(1, min(nodes, param.hi - param.lo + 1))
    node = st.integers(0, count - 1)
    weight = _numbers(param.element or Param(param.name, "int", lo=0, hi=10))
    low, high = _size(param, SEARCH_LEN)
    if param.kind == "edges":
        if param.width == 3:
            edge = st.tuples(node, node, weight).map(lambda e: [param.lo + e[0], param.lo + e[1], e[2]])
        else:
            edge = st.tuples(node, node).map(lambda e: [param.lo + e[0], param.lo + e[1]])
        return st.lists(edge, min_size=low, max_size=high)

    def adjacency(pairs: list[tuple[int, int]]) -> list[list[int]]:
        out: list[list[int]] = [[] for _ in range(count)]
        for u, v in pairs:
            if u != v and v not in out[u]:
                out[u].append(v)
                out[v].append(u)
        return out

    return st.lists(st.tuples(node, node), max_size=high).map(adjacency)


def arguments_strategy(signature: Signature) -> st.SearchStrategy[dict[str, Any]]:
    """Whole argument lists: a graph is drawn among as many nodes as its node count says."""
    if signature.design and len(signature.params) == 2:
        return design_strategy(signature)
    counter = signature.node_count_param()
    # Strategies are built once: building one inside every draw costs more than the draw.
    own = {
        p.name: value_strategy(p) for p in signature.params if p is not counter and p.kind not in ("edges", "adjacency")
    }
    graphs = {
        p.name: [graph_strategy(p, n) for n in range(SEARCH_NODES + 1)]
        for p in signature.params
        if p.kind in ("edges", "adjacency")
    }
    node_counts = st.integers(1, SEARCH_NODES)
    counts = None
    if counter is not None:
        counts = _numbers(Param(counter.name, "int", lo=counter.lo, hi=min(counter.hi, max(counter.lo, SEARCH_NODES))))

    @st.composite
    def draw_arguments(draw: Any) -> dict[str, Any]:
        values: dict[str, Any] = {}
        nodes = None
        if counter is not None and counts is not None:
            values[counter.name] = nodes = draw(counts)
        for param in signature.params:
            if param is counter:
                continue
            if param.name in graphs:
                count = nodes if nodes is not None else draw(node_counts)
                values[param.name] = draw(graphs[param.name][max(0, min(count, SEARCH_NODES))])
            else:
                values[param.name] = draw(own[param.name])
        return {p.name: values[p.name] for p in signature.params}

    return draw_arguments()


def _leaf(param: Param) -> Param:
    while param.element is not None and param.kind in ("list", "grid", "edges", "adjacency"):
        param = param.element
    return param


def design_strategy(signature: Signature) -> st.SearchStrategy[dict[str, Any]]:
    """A design problem's calls: the constructor, then methods of the class with their arities;
    the arguments are small numbers (keys collide, capacities are tight) or short strings."""
    operations, arguments = signature.params
    (class_name, init_arity), *methods = signature.design
    leaf = _leaf(arguments)
    if leaf.kind == "str":
        item: st.SearchStrategy[Any] = value_strategy(
            Param(leaf.name, "str", min_len=1, max_len=3, alphabet=leaf.alphabet)
        )
    else:
        item = st.integers(max(leaf.lo, 0) if leaf.lo <= 1 else leaf.lo, min(leaf.hi, max(leaf.lo, 0) + 4))
    call = st.sampled_from(methods).flatmap(
        lambda m: st.tuples(st.just(m[0]), st.lists(item, min_size=m[1], max_size=m[1]))
    )
    init = st.lists(
        item.filter(lambda v: not isinstance(v, int) or v > 0) if init_arity else item,
        min_size=init_arity,
        max_size=init_arity,
    )

    def build(drawn: tuple[list, list]) -> dict[str, Any]:
        first, calls = drawn
        return {
            operations.name: [class_name] + [name for name, _ in calls],
            arguments.name: [first] + [args for _, args in calls],
        }

    return st.tuples(init, st.lists(call, min_size=1, max_size=SEARCH_LEN)).map(build)


def seeded_strategy(signature: Signature, seeds: list[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """The problem's own written inputs and their neighbours: one number moved, one item dropped
    or repeated, one letter changed. They keep the problem's promises far more often than a free
    draw (a two-sum with exactly one pair), and a bug near an example is a bug a learner meets."""
    params = {p.name: p for p in signature.params}

    def near(arguments: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        names = [name for name in arguments if name in params]
        if not names:
            return st.just(arguments)
        changed = st.sampled_from(names).flatmap(
            lambda name: _nudged(params[name], arguments[name]).map(lambda value: {**arguments, name: value})
        )
        return st.one_of(st.just(arguments), changed)

    return st.sampled_from(seeds).flatmap(near).filter(signature.allows)


def _nudged(param: Param, value: Any) -> st.SearchStrategy[Any]:
    """``value`` with one small change that keeps ``param``'s bounds."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        numbers = param.numbers if param.kind != "list" else param
        near = (
            st.integers(max(numbers.lo, value - 2), min(numbers.hi, value + 2))
            if numbers.lo <= value <= numbers.hi
            else st.just(value)
        )
        return st.one_of(near, _numbers(numbers)) if param.kind in ("int", "float") else near
    if isinstance(value, str):
        letters = sorted(set(param.alphabet or value or "ab"))
        if not value:
            return st.sampled_from(letters) if param.max_len >= 1 else st.just(value)
        return st.tuples(st.integers(0, len(value) - 1), st.sampled_from(letters)).map(
            lambda change: value[: change[0]] + change[1] + value[change[0] + 1 :]
        )
    if not isinstance(value, list) or not value:
        return st.just(value)
    element = param.element if param.kind in ("list", "grid", "edges", "adjacency") else None
    cell = element or Param(param.name, "int", lo=param.lo, hi=param.hi)
    index = st.integers(0, len(value) - 1)
    moves: list[st.SearchStrategy[Any]] = []
    if param.kind in ("list", "linked") and cell.kind in ("int", "float", "str", "bool"):
        moves.append(index.flatmap(
            lambda i: _nudged(cell, value[i]).map(lambda item: value[:i] + [item] + value[i + 1 :])
        ))  # fmt: skip
    if param.kind == "tree":
        moves.append(index.filter(lambda i: value[i] is not None).flatmap(
            lambda i: _nudged(cell, value[i]).map(lambda item: value[:i] + [item] + value[i + 1 :])
        ))  # fmt: skip
    if param.kind != "tree" and len(value) > param.min_len:
        moves.append(index.map(lambda i: value[:i] + value[i + 1 :]))
    if param.kind != "tree" and len(value) < param.max_len:
        moves.append(index.map(lambda i: value[: i + 1] + [value[i]] + value[i + 1 :]))
    return st.one_of(moves) if moves else st.just(value)
