"""The explicit cases of each category: an empty list, a single element, all duplicates, the bounds,
negatives, a large input, sorted and reverse sorted, all equal, unicode, a disconnected graph, a
cycle, a skewed tree. Written out before any random search, because these are where a learner's
code usually breaks and a search may take long to land on them.

A case is the whole argument list: the parameters a category shapes take that shape, the others a
small ordinary value. A shape never leaves a parameter's bounds from its problem's table, so a
case the bank would not ask is not reported as a bug; a category that fits no parameter is skipped.
"""

from __future__ import annotations

import random
from typing import Any

from .params import Param, Signature, keeps_preconditions, search_tree

CATEGORIES = (
    "empty", "single", "duplicates", "boundaries", "negative", "large", "sorted", "reverse_sorted",
    "all_equal", "unicode", "disconnected", "cycle", "skewed",
)  # fmt: skip
ALIASES = {"negatives": "negative"}
DEFAULT_CATEGORIES = ("empty", "single", "duplicates", "boundaries")
LARGE_LEN = 1000  # "large", bounded so that one case stays a few milliseconds of the reference's time
LARGE_GRID = 30
BASE_LEN = 4
UNICODE_TEXT = "é中😀ß\u200bΩ"

_MISSING = object()  # a shape that does not fit a parameter


def canonical(category: str) -> str:
    return ALIASES.get(category, category)


def category_cases(signature: Signature, categories: list[str], seed: int = 0) -> list[tuple[str, dict[str, Any]]]:
    """``(category, arguments)`` for every category asked for and every shape it has (boundaries
    has two: the lows and the highs)."""
    rng = random.Random(seed)
    cases: list[tuple[str, dict[str, Any]]] = []
    for category in dict.fromkeys(canonical(c) for c in categories):
        shapes = ("min", "max") if category == "boundaries" else (category,)
        for shape in shapes:
            arguments = _case(signature, shape, rng)
            if arguments is not None:
                cases.append((category, arguments))
    return cases


def _case(signature: Signature, shape: str, rng: random.Random) -> dict[str, Any] | None:
    counter = signature.node_count_param()
    values: dict[str, Any] = {}
    shaped = False
    # The node count first: the graph's edges are drawn among that many nodes.
    ordered = sorted(signature.params, key=lambda p: 0 if p is counter else 1)
    nodes = 4
    for param in ordered:
        value = _shape(param, shape, rng, nodes)
        if param is counter and shape == "large" and any(p.kind in ("edges", "adjacency") for p in signature.params):
            value = min(param.hi, LARGE_LEN)  # a large graph has many nodes
        elif param is counter and shape in ("disconnected", "cycle"):
            value = _clamp(param, 6)  # room for two pieces, or a ring
        if value is _MISSING:
            value = _shape(param, "base", rng, nodes)
            if value is _MISSING:
                return None  # no ordinary value fits beside this shape (a graph too large for its bounds)
        else:
            shaped = True
        values[param.name] = value
        if param is counter and isinstance(value, int):
            nodes = max(0, min(value, LARGE_LEN))
    if not shaped:
        return None
    for param in signature.params:
        values[param.name] = _stated(param, values[param.name], shape)
        if not keeps_preconditions(param, values[param.name]) or _too_short(param, values[param.name]):
            return None  # the shape cannot keep what the problem states (duplicates of distinct values)
    return {p.name: values[p.name] for p in signature.params}


def _stated(param: Param, value: Any, shape: str) -> Any:
    """``value`` brought within the preconditions the table states: distinct, sorted, a search tree."""
    if not isinstance(value, list):
        return value
    if param.kind == "tree" and param.bst:
        items = [v for v in value if v is not None]
        if param.distinct:
            items = list(dict.fromkeys(items))
        return search_tree(sorted(items, reverse=True) if shape == "skewed" else items)
    if param.distinct:
        value = list({repr(v): v for v in value}.values())
    if param.rotated:
        ordered = sorted(value)
        cut = len(ordered) // 2 if shape not in ("sorted", "min", "max") else 0
        return ordered[cut:] + ordered[:cut]
    return sorted(value) if param.ascending else value


def _too_short(param: Param, value: Any) -> bool:
    if param.kind == "tree" and isinstance(value, list):
        return sum(v is not None for v in value) < param.min_len
    return isinstance(value, list) and param.kind in ("list", "linked") and len(value) < param.min_len


def _clamp(param: Param, value: int) -> int:
    return max(param.lo, min(param.hi, value))


def _length(param: Param, wanted: int) -> int | None:
    """``wanted`` within the parameter's lengths, or None when the bounds exclude it."""
    if wanted < param.min_len or wanted > param.max_len:
        return None
    return wanted


def _number(param: Param, rng: random.Random) -> Any:
    if param.kind == "bool":
        return rng.random() < 0.5
    low, high = _clamp(param, -9), _clamp(param, 9)
    value = rng.randint(min(low, high), max(low, high))
    return float(value) + 0.5 if param.kind == "float" and value < param.hi else value


def _shape(param: Param, shape: str, rng: random.Random, nodes: int) -> Any:
    kind = param.kind
    if kind in ("int", "float", "bool"):
        return _scalar(param, shape, rng)
    if kind == "str":
        return _text(param, shape, rng)
    if kind in ("list", "linked"):
        return _sequence(param, shape, rng, nodes)
    if kind == "tree":
        return _tree(param, shape, rng)
    if kind == "grid":
        return _grid(param, shape, rng)
    if kind in ("edges", "adjacency"):
        return _graph(param, shape, rng, nodes)
    return _MISSING


def _scalar(param: Param, shape: str, rng: random.Random) -> Any:
    if param.kind == "bool":
        return {"min": False, "max": True}.get(shape, _MISSING if shape != "base" else rng.random() < 0.5)
    if shape == "base":
        return _number(param, rng)
    if shape == "min":
        return param.lo
    if shape == "max":
        return param.hi
    if shape == "negative" and param.lo < 0:
        return _clamp(param, -1 - rng.randint(0, 9))
    if shape == "single" and param.lo <= 1 <= param.hi:
        return 1
    if shape == "empty" and param.lo <= 0 <= param.hi:
        return 0
    return _MISSING


def _text(param: Param, shape: str, rng: random.Random) -> Any:
    alphabet = param.alphabet or "abcdefghijklmnopqrstuvwxyz"
    letters = sorted(set(alphabet))

    def sized(n: int | None, pick) -> Any:
        return _MISSING if n is None else "".join(pick(i) for i in range(n))

    base = _length(param, BASE_LEN) or max(param.min_len, min(param.max_len, BASE_LEN))
    if shape == "base":
        return sized(base, lambda i: rng.choice(letters))
    if shape in ("empty", "min"):
        return sized(_length(param, param.min_len if shape == "min" else 0), lambda i: rng.choice(letters))
    if shape == "single":
        return sized(_length(param, 1), lambda i: rng.choice(letters))
    if shape in ("duplicates", "all_equal"):
        char = rng.choice(letters)
        return sized(base, lambda i: char if shape == "all_equal" or i else letters[-1])
    if shape in ("large", "max"):
        return sized(min(param.max_len, LARGE_LEN), lambda i: rng.choice(letters))
    if shape in ("sorted", "reverse_sorted"):
        picked = sorted(rng.choice(letters) for _ in range(base))
        return "".join(reversed(picked) if shape == "reverse_sorted" else picked)
    if shape == "unicode" and param.alphabet is None:
        return UNICODE_TEXT[: max(1, min(param.max_len, len(UNICODE_TEXT)))]
    return _MISSING


def _sequence(param: Param, shape: str, rng: random.Random, nodes: int) -> Any:
    element = param.element or Param(param.name, "int", lo=param.lo, hi=param.hi)
    numbers = element.numbers if param.kind == "list" else param

    def many(n: int | None, make) -> Any:
        return _MISSING if n is None else [make(i) for i in range(n)]

    def one(_i: int = 0) -> Any:
        return _shape(element, "base", rng, nodes) if param.kind == "list" else _number(numbers, rng)

    base = _length(param, BASE_LEN) or max(param.min_len, min(param.max_len, BASE_LEN))
    if shape == "base":
        return many(base, one)
    if shape == "empty":
        return many(_length(param, 0), one)
    if shape == "single":
        return many(_length(param, 1), one)
    if shape in ("min", "max"):
        length = param.min_len if shape == "min" else min(param.max_len, LARGE_LEN)
        if element.kind in ("int", "float", "linked", "list") or param.kind == "linked":
            edge = numbers.lo if shape == "min" else numbers.hi
            if param.kind == "linked" or element.kind in ("int", "float"):
                return many(length, lambda i: edge)
            return many(length, lambda i: _shape(element, shape, rng, nodes))
        return many(length, lambda i: _shape(element, shape, rng, nodes))
    if element.kind not in ("int", "float") and param.kind != "linked":
        if shape == "large":
            return many(min(param.max_len, LARGE_LEN), one)
        if shape in ("duplicates", "all_equal"):
            value = one()
            return many(base, lambda i: value)
        if shape in ("empty", "single", "unicode", "negative"):
            inner = _shape(element, shape, rng, nodes)
            return _MISSING if inner is _MISSING else many(base, lambda i: _shape(element, shape, rng, nodes))
        return _MISSING
    if shape == "large":
        return many(min(param.max_len, LARGE_LEN), one)
    if shape == "duplicates":
        first = one()
        return many(base, lambda i: first if i % 2 == 0 else one())
    if shape == "all_equal":
        value = one()
        return many(base, lambda i: value)
    if shape == "negative" and numbers.lo < 0:
        return many(base, lambda i: _clamp(numbers, -1 - rng.randint(0, 9)))
    if shape in ("sorted", "reverse_sorted"):
        values = many(base, one)
        return _MISSING if values is _MISSING else sorted(values, reverse=shape == "reverse_sorted")
    return _MISSING


def _tree(param: Param, shape: str, rng: random.Random) -> Any:
    def value() -> int:
        return _number(param, rng)

    def complete(n: int) -> list:
        return [value() for _ in range(n)]

    if shape == "base":
        return complete(max(param.min_len, min(param.max_len, 5)))
    if shape == "empty":
        return [] if param.min_len == 0 else _MISSING
    if shape == "single":
        return [value()] if param.max_len >= 1 else _MISSING
    if shape == "skewed":
        depth = min(param.max_len, 6)
        chain: list = [value()]
        for _ in range(depth - 1):
            chain += [value(), None]
        return chain[:-1] if chain[-1] is None else chain
    if shape in ("duplicates", "all_equal"):
        same = value()
        return [same] * max(1, min(param.max_len, 5))
    if shape in ("min", "max"):
        count = max(1, param.min_len, min(param.max_len, 3))
        if param.distinct:  # values next to the bound, each once
            return [param.lo + i if shape == "min" else param.hi - i for i in range(count)]
        return [param.lo if shape == "min" else param.hi] * count
    if shape == "negative" and param.lo < 0:
        return [_clamp(param, -1 - rng.randint(0, 9)) for _ in range(max(1, min(param.max_len, 5)))]
    if shape == "large":
        return complete(min(param.max_len, LARGE_LEN))
    return _MISSING


def _grid(param: Param, shape: str, rng: random.Random) -> Any:
    cell = param.element or Param(param.name, "int", lo=param.lo, hi=param.hi)

    def filled(rows: int, cols: int, make) -> list:
        return [[make() for _ in range(cols)] for _ in range(rows)]

    def one() -> Any:
        return _shape(cell, "base", rng, 0)

    rows = max(param.min_len, min(param.max_len, 3))
    if shape == "base":
        return filled(rows, rows, one)
    if shape == "empty":
        return [] if param.min_len == 0 else _MISSING
    if shape == "single":
        return [[one()]] if param.max_len >= 1 else _MISSING
    if shape in ("duplicates", "all_equal"):
        same = one()
        return filled(rows, rows, lambda: same)
    if shape in ("min", "max") and cell.kind in ("int", "float"):
        edge = cell.lo if shape == "min" else cell.hi
        return filled(rows, rows, lambda: edge)
    if shape == "negative" and cell.kind == "int" and cell.lo < 0:
        return filled(rows, rows, lambda: _clamp(cell, -1 - rng.randint(0, 9)))
    if shape == "large":
        side = min(param.max_len, LARGE_GRID)
        return filled(side, side, one)
    if shape in ("sorted", "reverse_sorted") and cell.kind == "int":
        flat = sorted((one() for _ in range(rows * rows)), reverse=shape == "reverse_sorted")
        return [flat[r * rows : (r + 1) * rows] for r in range(rows)]
    return _MISSING


def _graph(param: Param, shape: str, rng: random.Random, nodes: int) -> Any:
    low = param.lo
    count = max(0, min(nodes, param.hi - param.lo + 1))

    def edge(u: int, v: int) -> list[int]:
        out = [low + u, low + v]
        if param.width == 3:
            weight = param.element or Param(param.name, "int", lo=0, hi=10)
            out.append(_clamp(weight, rng.randint(1, 9)))
        return out

    pairs: list[tuple[int, int]]
    if shape == "base":
        pairs = [(i, i + 1) for i in range(count - 1)]
    elif shape == "empty":
        pairs = []
    elif shape == "single" and count >= 2:
        pairs = [(0, 1)]
    elif shape == "cycle" and count >= 3:
        pairs = [(i, (i + 1) % count) for i in range(count)]
    elif shape == "disconnected" and count >= 4:
        pairs = [(0, 1), (2, 3)]
    elif shape == "duplicates" and count >= 2:
        pairs = [(0, 1), (0, 1)]
    elif shape == "large":
        pairs = [(i, rng.randrange(count)) for i in range(count)]
    else:
        return _MISSING
    if shape in ("base", "large"):
        pairs = pairs[: param.max_len]  # a long path among many nodes, as many edges as allowed
    if param.kind == "edges":
        edges = [edge(u, v) for u, v in pairs]
        if _length(param, len(edges)) is None:
            return _MISSING
        return edges
    adjacency: list[list[int]] = [[] for _ in range(count)]
    for u, v in pairs:
        if u != v and v not in adjacency[u]:
            adjacency[u].append(v)
            adjacency[v].append(u)
    return adjacency if _length(param, len(adjacency)) is not None else _MISSING
