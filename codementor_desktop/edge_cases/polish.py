"""A last shrinking pass over a counterexample, in steps Hypothesis's shrinker does not take.

Hypothesis shrinks each argument on its own; an input whose parts must agree (two strings of one
length, a grid's rows, a node count and its edges) stays larger than it needs to be, because
shortening one part alone makes the input valid for both codes. Here every step is tried on the
arguments together: the same position removed from every collection of one length, a grid's last
column, a number brought towards zero. All the steps of a round go to the children as one batch;
the smallest that still goes wrong is kept, until no step helps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .params import Param, Signature

MAX_ROUNDS = 40
MAX_STEPS = 200  # candidates in one round


def _shorter(param: Param, length: int) -> bool:
    return length - 1 >= param.min_len


def candidates(signature: Signature, arguments: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every one-step smaller argument list, within the signature's bounds."""
    params = {p.name: p for p in signature.params}
    collections = [n for n, v in arguments.items() if isinstance(v, list | str) and n in params]
    by_length: dict[int, list[str]] = {}
    for name in collections:
        by_length.setdefault(len(arguments[name]), []).append(name)
    # The same position out of every collection of one length (two strings that must match).
    for length, names in by_length.items():
        if len(names) > 1 and length and all(_shorter(params[n], length) for n in names):
            for index in range(length):
                yield {**arguments, **{n: arguments[n][:index] + arguments[n][index + 1 :] for n in names}}
    for name in collections:
        value, param = arguments[name], params[name]
        if value and _shorter(param, len(value)):
            for index in range(len(value)):
                shorter = value[:index] + value[index + 1 :]
                if param.kind == "tree":
                    while shorter and shorter[-1] is None:
                        shorter = shorter[:-1]  # a level-order list ends with a node
                yield {**arguments, name: shorter}
        if param.kind == "grid" and value and all(isinstance(row, list) and len(row) > 1 for row in value):
            yield {**arguments, name: [row[:-1] for row in value]}
            yield {**arguments, name: [row[1:] for row in value]}
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
        return [item[:-1], item[1:]]
    return []


def polish(
    signature: Signature,
    arguments: dict[str, Any],
    goes_wrong: Callable[[list[dict[str, Any]]], list[bool]],
    size: Callable[[dict[str, Any]], int],
) -> dict[str, Any]:
    """The smallest argument list reachable from ``arguments`` by steps that keep it wrong."""
    best = arguments
    for _ in range(MAX_ROUNDS):
        steps = []
        seen = set()
        for candidate in candidates(signature, best):
            key = repr(candidate)
            if key not in seen and size(candidate) <= size(best) and signature.allows(candidate):
                seen.add(key)
                steps.append(candidate)
            if len(steps) >= MAX_STEPS:
                break
        if not steps:
            return best
        wrong = [step for step, bad in zip(steps, goes_wrong(steps), strict=True) if bad]
        smaller = [step for step in wrong if (size(step), repr(step)) < (size(best), repr(best))]
        if not smaller:
            return best
        best = min(smaller, key=lambda step: (size(step), repr(step)))
    return best
