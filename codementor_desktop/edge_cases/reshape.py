"""Two-step shrinking moves for small counterexamples: a cut, then one value changed or two swapped.

Cutting alone stops where every smaller input is right: ``[0,null,1], k=1`` (a search tree, a
pair summing to ``k``) loses its ``null`` only as ``[0,1]``, which is no search tree, while
``[1,0]`` is one and goes just as wrong. So, once cuts no longer help, each cut is tried again with
one number or character replaced by one from a small pool (the input's own, 0, 1, -1, the
collections' lengths) or two neighbours swapped. Only for small inputs: the steps grow with the
square of the size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .params import Signature

MAX_SIZE = 16  # inputs larger than this are left to the cuts


def reshaped(
    signature: Signature, cuts: Iterator[dict[str, Any]], arguments: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    """Every ``cuts`` step with one value of one argument changed (pools drawn from ``arguments``)."""
    params = {p.name: p for p in signature.params}
    numbers, letters = _pools(arguments)
    for cut in cuts:
        for name, value in cut.items():
            if name not in params:
                continue
            bounds = params[name].numbers
            ints = [n for n in numbers if bounds.lo <= n <= bounds.hi]
            inner = params[name]
            while inner.element is not None:
                inner = inner.element  # a list of words: the letters are its elements'
            alphabet = inner.alphabet or params[name].alphabet
            chars = letters if alphabet is None else [c for c in letters if c in alphabet]
            for variant in _variants(value, ints, chars):
                yield {**cut, name: variant}


def _pools(arguments: dict[str, Any]) -> tuple[list[int], list[str]]:
    numbers: dict[int, None] = dict.fromkeys([0, 1, -1])
    letters: dict[str, None] = {}

    def walk(value: Any) -> None:
        if isinstance(value, bool):
            return
        if isinstance(value, int):
            numbers[value] = None
        elif isinstance(value, str):
            letters.update(dict.fromkeys(value))
        elif isinstance(value, list):
            numbers[len(value)] = None
            numbers[len(value) - 1] = None
            for item in value:
                walk(item)

    walk(list(arguments.values()))
    letters.update(dict.fromkeys("ab"))
    return list(numbers), list(letters)


def _variants(value: Any, ints: list[int], chars: list[str]) -> Iterator[Any]:
    """``value`` with one number or character replaced, or two neighbours swapped."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield from (n for n in ints if n != value)
    elif isinstance(value, str):
        for i, old in enumerate(value):
            yield from (value[:i] + c + value[i + 1 :] for c in chars if c != old)
        yield from (value[:i] + value[i + 1] + value[i] + value[i + 2 :] for i in range(len(value) - 1))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from (value[:i] + [v] + value[i + 1 :] for v in _variants(item, ints, chars))
        for i in range(len(value) - 1):
            if value[i] != value[i + 1]:
                yield value[:i] + [value[i + 1], value[i]] + value[i + 2 :]
