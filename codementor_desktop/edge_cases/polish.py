"""A last shrinking pass over a counterexample, in steps Hypothesis's shrinker does not take.

Hypothesis shrinks each argument on its own; an input whose parts must agree (two strings of one
length, a grid's rows, a node count and its edges) stays larger than it needs to be, because
shortening one part alone makes the input valid for both codes; and an explicit case (a ``large``
list of a thousand numbers) was never Hypothesis's to shrink. Here every step is tried on the
arguments together: the same slice cut from every collection of one length, a grid's columns, a
number brought towards zero. Cuts go largest first, halves then quarters down to one position (delta
debugging), so a large input comes down in a few round trips. The steps go to the children in
batches; the smallest that still goes wrong is kept, until no step helps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from . import reshape
from .params import Param, Signature

MAX_BATCHES = 60  # round trips to the children, at most (the budget ends it sooner)
MAX_STEPS = 200  # candidates in one batch
MAX_WEIGHT = 5_000  # numbers and characters in one batch, at most


class OutOfTime(Exception):
    """Raised by ``goes_wrong`` when the search's budget is spent: the polish keeps what it has."""


def _shorter(param: Param, length: int) -> bool:
    return length - 1 >= param.min_len


def _cuts(length: int, min_len: int) -> Iterator[tuple[int, int]]:
    """The slices to cut out of a collection, the largest first (delta debugging): all that may go,
    then halves, quarters, ... down to one position. Large inputs shrink in a few rounds, not one
    position a round."""
    chunk = length - max(min_len, 0)
    while chunk >= 1:
        starts = list(range(0, length - chunk + 1, chunk))
        if starts[-1] != length - chunk:
            starts.append(length - chunk)  # the tail too, where the chunks do not divide the length
        for start in starts:
            yield start, start + chunk
        chunk = chunk // 2 if chunk > 1 else 0


def _cut(param: Param, value: Any, start: int, end: int) -> Any:
    shorter = value[:start] + value[end:]
    if param.kind == "tree":
        while shorter and shorter[-1] is None:
            shorter = shorter[:-1]  # a level-order list ends with a node
    return shorter


def candidates(signature: Signature, arguments: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every smaller argument list one step away, within the signature's bounds, the steps that cut
    most first."""
    params = {p.name: p for p in signature.params}
    collections = [n for n, v in arguments.items() if isinstance(v, list | str) and n in params]
    by_length: dict[int, list[str]] = {}
    for name in collections:
        by_length.setdefault(len(arguments[name]), []).append(name)
    # The same slice out of every collection of one length (two strings that must match).
    for length, names in by_length.items():
        if len(names) > 1 and length and all(_shorter(params[n], length) for n in names):
            floor = max(params[n].min_len for n in names)
            for start, end in _cuts(length, floor):
                yield {**arguments, **{n: _cut(params[n], arguments[n], start, end) for n in names}}
    for name in collections:
        value, param = arguments[name], params[name]
        if value and _shorter(param, len(value)):
            for start, end in _cuts(len(value), param.min_len):
                yield {**arguments, name: _cut(param, value, start, end)}
        if param.kind == "grid" and value and all(isinstance(row, list) and len(row) > 1 for row in value):
            width = min(len(row) for row in value)
            for start, end in _cuts(width, 1):
                yield {**arguments, name: [row[:start] + row[end:] for row in value]}
        if isinstance(value, list):
            for index, item in enumerate(value):
                for smaller in _smaller_items(param.element, item):
                    yield {**arguments, name: value[:index] + [smaller] + value[index + 1 :]}
    for name, value in arguments.items():
        if name in params and params[name].kind in ("int", "float"):
            for smaller in _smaller_numbers(params[name], value):
                yield {**arguments, name: smaller}


def _smaller_numbers(param: Param, value: Any) -> list[Any]:
    if not isinstance(value, int) or isinstance(value, bool):
        return []
    out = []
    for candidate in (0, param.lo, value // 2, value - 1 if value > 0 else value + 1):
        if param.lo <= candidate <= param.hi and abs(candidate) < abs(value) and candidate not in out:
            out.append(candidate)
    return out


def _smaller_items(element: Param | None, item: Any) -> list[Any]:
    if element is None:
        return []
    if isinstance(item, int) and not isinstance(item, bool):
        return _smaller_numbers(element, item)
    if isinstance(item, list | str) and len(item) > max(element.min_len, 0):
        return [_cut(element, item, start, end) for start, end in _cuts(len(item), element.min_len)]
    return []


def polish(
    signature: Signature,
    arguments: dict[str, Any],
    goes_wrong: Callable[[list[dict[str, Any]]], list[bool]],
    size: Callable[[dict[str, Any]], int],
) -> dict[str, Any]:
    """The smallest argument list reachable from ``arguments`` by steps that keep it wrong.

    The steps go to ``goes_wrong`` in batches, the largest cuts first; the first batch holding a
    smaller wrong input moves on from its smallest, and a batch that holds none leads to the next
    batch of steps. Where no cut helps, a small input tries a cut with one value changed
    (``reshape``). At most ``MAX_BATCHES`` round trips in all, and none once ``goes_wrong``
    raises ``OutOfTime``."""
    best = [arguments]
    try:
        _polish(signature, best, goes_wrong, size)
    except OutOfTime:
        pass
    return best[0]


def _polish(
    signature: Signature,
    kept: list[dict[str, Any]],
    goes_wrong: Callable[[list[dict[str, Any]]], list[bool]],
    size: Callable[[dict[str, Any]], int],
) -> None:
    """``polish``'s steps; ``kept[0]`` is the smallest wrong input so far."""
    best = kept[0]
    batches = [0]
    while batches[0] < MAX_BATCHES:
        smaller = _first_smaller(
            _steps(signature, candidates(signature, best), best, size), best, goes_wrong, size, batches
        )
        if smaller is None and size(best) <= reshape.MAX_SIZE:
            cuts = (step for step in candidates(signature, best) if size(step) < size(best))
            steps = _steps(signature, reshape.reshaped(signature, cuts, best), best, size, strictly=True)
            smaller = _first_smaller(steps, best, goes_wrong, size, batches)
        if smaller is None:
            return
        best = kept[0] = smaller


def _first_smaller(
    steps: Iterator[dict[str, Any]],
    best: dict[str, Any],
    goes_wrong: Callable[[list[dict[str, Any]]], list[bool]],
    size: Callable[[dict[str, Any]], int],
    batches: list[int],
) -> dict[str, Any] | None:
    """The smallest wrong step of the first batch that holds one smaller than ``best``."""
    while batches[0] < MAX_BATCHES:
        batch = _batch(steps, size)
        if not batch:
            return None
        batches[0] += 1
        wrong = [step for step, bad in zip(batch, goes_wrong(batch), strict=True) if bad]
        smaller = [step for step in wrong if (size(step), repr(step)) < (size(best), repr(best))]
        if smaller:
            return min(smaller, key=lambda step: (size(step), repr(step)))
    return None


def _batch(steps: Iterator[dict[str, Any]], size: Callable[[dict[str, Any]], int]) -> list[dict[str, Any]]:
    """The next steps to run together: ``MAX_STEPS``, or fewer where they are large (a thousand-number
    input's first cuts are few and likely enough, and every step costs its copy and its run)."""
    batch: list[dict[str, Any]] = []
    weight = 0
    for step in steps:
        batch.append(step)
        weight += size(step)
        if len(batch) >= MAX_STEPS or weight >= MAX_WEIGHT:
            break
    return batch


def _steps(
    signature: Signature,
    steps: Iterator[dict[str, Any]],
    best: dict[str, Any],
    size: Callable[[dict[str, Any]], int],
    strictly: bool = False,
) -> Iterator[dict[str, Any]]:
    """The steps worth a run: new ones, no larger (``strictly``: smaller), keeping the stated preconditions."""
    seen: set[str] = set()
    limit = size(best) - (1 if strictly else 0)
    for candidate in steps:
        key = repr(candidate)
        if key not in seen and size(candidate) <= limit and signature.allows(candidate):
            seen.add(key)
            yield candidate
