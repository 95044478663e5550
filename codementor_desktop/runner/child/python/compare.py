"""Comparison of an answer with the expected one, by the problem's comparison mode."""

import math

MODES = ("exact", "unordered", "unordered_nested", "float_tolerance", "checker", "operations")


def normalize(value):
    """Tuples become lists, sets sorted lists: the JSON view of a value."""
    if isinstance(value, tuple):
        return [normalize(v) for v in value]
    if isinstance(value, list):
        return [normalize(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return _sorted([normalize(v) for v in value])
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    return value


def _key(value):
    return (type(value).__name__, repr(value))


def _sorted(values):
    try:
        return sorted(values)
    except TypeError:
        return sorted(values, key=_key)


def _close(a, b, tol=1e-6):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=tol, abs_tol=tol)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k], tol) for k in a)
    return a == b


def _equal(a, b):
    # bool is an int in Python: True must not pass for 1.
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    return a == b


DEFAULT_TOLERANCE = 1e-6


def same(mode, expected, actual, checker=None, args=None, tolerance=None):
    """True when ``actual`` is a right answer for ``expected`` under ``mode``; ``float_tolerance``
    allows an absolute or relative difference up to ``tolerance`` (1e-6 unless given)."""
    expected = normalize(expected)
    actual = normalize(actual)
    if mode in ("exact", "operations", None, ""):
        return _equal(expected, actual)
    if mode == "float_tolerance":
        return _close(expected, actual, DEFAULT_TOLERANCE if tolerance is None else tolerance)
    if mode == "unordered":
        if not isinstance(expected, list) or not isinstance(actual, list):
            return _equal(expected, actual)
        return _equal(_sorted(expected), _sorted(actual))
    if mode == "unordered_nested":
        if not isinstance(expected, list) or not isinstance(actual, list):
            return _equal(expected, actual)

        def inner(items):
            return _sorted([_sorted(i) if isinstance(i, list) else i for i in items])

        return _equal(inner(expected), inner(actual))
    if mode == "checker":
        if checker is None:
            raise ValueError("compare mode 'checker' needs a checker")
        return bool(checker(args, expected, actual))
    raise ValueError("unknown compare mode %r" % (mode,))
