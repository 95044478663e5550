"""Properties a caller can state when there is no reference to compare with: a small, fixed set of
named checks of the output against the input (never code of the caller's, which would run here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

Check = Callable[[list[Any], Any], str | None]  # (arguments, output) -> what is wrong, or None


def _first_list(args: list[Any]) -> list | str | None:
    return next((a for a in args if isinstance(a, list | str)), None)


def _sorted(args: list[Any], output: Any) -> str | None:
    if not isinstance(output, list):
        return "the output is not a list"
    try:
        ok = all(output[i] <= output[i + 1] for i in range(len(output) - 1))
    except TypeError:
        return "the output's items cannot be compared"
    return None if ok else "the output is not sorted in increasing order"


def _same_length(args: list[Any], output: Any) -> str | None:
    given = _first_list(args)
    if given is None or not isinstance(output, list | str):
        return None
    return None if len(output) == len(given) else f"the output has {len(output)} items, the input {len(given)}"


def _permutation(args: list[Any], output: Any) -> str | None:
    given = _first_list(args)
    if given is None or not isinstance(output, list):
        return None
    try:
        same = Counter(map(repr, output)) == Counter(map(repr, given))
    except TypeError:
        return None
    return None if same else "the output is not a rearrangement of the input"


def _non_negative(args: list[Any], output: Any) -> str | None:
    values = output if isinstance(output, list) else [output]
    bad = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool) and v < 0]
    return f"the output holds a negative number ({bad[0]})" if bad else None


def _not_null(args: list[Any], output: Any) -> str | None:
    return "the output is null" if output is None else None


def _in_input(args: list[Any], output: Any) -> str | None:
    given = _first_list(args)
    if given is None or output is None:
        return None
    return None if output in given or output == -1 else "the output is neither an item of the input nor -1"


def _index_or_minus_one(args: list[Any], output: Any) -> str | None:
    given = _first_list(args)
    if given is None or not isinstance(output, int) or isinstance(output, bool):
        return None
    return None if output == -1 or 0 <= output < len(given) else f"{output} is not an index of the input, nor -1"


PROPERTIES: dict[str, Check] = {
    "sorted": _sorted,
    "same_length": _same_length,
    "permutation": _permutation,
    "non_negative": _non_negative,
    "not_null": _not_null,
    "in_input": _in_input,
    "index_or_minus_one": _index_or_minus_one,
}


def violated(names: list[str], args: list[Any], output: Any) -> str | None:
    """The first stated property ``output`` breaks, as a sentence, or None."""
    for name in names:
        problem = PROPERTIES[name](args, output)
        if problem is not None:
            return f"{name}: {problem}"
    return None
