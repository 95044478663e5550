"""A small pytest-compatible layer, imported as ``pytest`` by learners' tests inside the child.

Real pytest is not there under ``python -I -S``, in the frozen app or on a Piston server. This
covers what practice tests use: plain ``assert`` with the compared values in the message (the
test module's asserts are rewritten, see ``rewrite_asserts``), ``pytest.raises``,
``pytest.approx``, ``pytest.mark.parametrize``, ``pytest.mark.skip``/``skipif``/``xfail``,
``pytest.fail``, ``pytest.skip`` and ``pytest.fixture`` (set up by ``fixtures.py``). Anything
else (plugins, parametrized fixtures) says clearly that it is not supported here.
"""

import math
import sys

SUPPORTED = (
    "plain assert, pytest.raises, pytest.approx, pytest.mark.parametrize, "
    "pytest.mark.skip / skipif / xfail / usefixtures, pytest.fail, pytest.skip, "
    "pytest.fixture (with yield, scope and autouse; tmp_path, capsys and monkeypatch)"
)


class NotSupportedHere(Exception):
    """A pytest feature this layer does not have."""


def not_supported(what):
    return NotSupportedHere(
        "%s is not supported here: the tests run on a small pytest-compatible layer (supported: %s)."
        % (what, SUPPORTED)
    )


class Failed(AssertionError):
    """pytest.fail()"""


class Skipped(Exception):
    """pytest.skip()"""


def fail(reason="", pytrace=True):
    raise Failed(reason)


def skip(reason="", allow_module_level=False):
    raise Skipped(reason)


# ---------------------------------------------------------------- raises


class ExceptionInfo(object):
    def __init__(self):
        self.type = None
        self.value = None
        self.tb = None

    def match(self, pattern):
        import re

        if not re.search(pattern, str(self.value)):
            raise AssertionError("Regex pattern %r does not match %r." % (pattern, str(self.value)))
        return True

    def __repr__(self):
        return "<ExceptionInfo %r>" % (self.value,)


class RaisesContext(object):
    def __init__(self, expected, match):
        self.expected = expected
        self.match = match
        self.info = ExceptionInfo()

    def __enter__(self):
        return self.info

    def __exit__(self, kind, value, tb):
        names = getattr(self.expected, "__name__", None) or " or ".join(e.__name__ for e in self.expected)
        if kind is None:
            raise Failed("DID NOT RAISE %s" % names)
        if not issubclass(kind, self.expected):
            return False  # a different exception: let it through, as pytest does
        self.info.type, self.info.value, self.info.tb = kind, value, tb
        if self.match is not None:
            self.info.match(self.match)
        return True


def raises(expected_exception, *args, **kwargs):
    """``with pytest.raises(ValueError, match="..."):`` or ``pytest.raises(E, func, *args)``."""
    match = kwargs.pop("match", None)
    context = RaisesContext(expected_exception, match)
    if not args:
        return context
    with context:
        args[0](*args[1:], **kwargs)
    return context.info


# ---------------------------------------------------------------- approx


class approx(object):  # noqa: N801 - the name pytest gives it
    """Equal within a tolerance: numbers, and lists, tuples and dicts of numbers."""

    def __init__(self, expected, rel=None, abs=None, nan_ok=False):  # noqa: A002 - pytest's names
        self.expected = expected
        self.rel = 1e-6 if rel is None else rel
        self.abs = 1e-12 if abs is None else abs
        self.nan_ok = nan_ok

    def _close(self, expected, actual):
        if isinstance(expected, dict):
            return (
                isinstance(actual, dict)
                and expected.keys() == actual.keys()
                and all(self._close(expected[k], actual[k]) for k in expected)
            )
        if isinstance(expected, (list, tuple)):
            return (
                isinstance(actual, (list, tuple))
                and len(expected) == len(actual)
                and all(self._close(e, a) for e, a in zip(expected, actual))
            )
        if isinstance(expected, bool) or not isinstance(expected, (int, float)):
            return expected == actual
        if not isinstance(actual, (int, float)) or isinstance(actual, bool):
            return False
        if math.isnan(expected) or math.isnan(actual):
            return self.nan_ok and math.isnan(expected) and math.isnan(actual)
        if expected == actual:
            return True
        return abs(expected - actual) <= max(self.rel * abs(expected), self.abs)

    def __eq__(self, actual):
        return self._close(self.expected, actual)

    def __ne__(self, actual):
        return not self == actual

    __hash__ = None

    def __repr__(self):
        if isinstance(self.expected, (int, float)) and not isinstance(self.expected, bool):
            return "%r ± %.1e" % (self.expected, max(self.rel * abs(self.expected), self.abs))
        return "approx(%r)" % (self.expected,)


# ---------------------------------------------------------------- marks


class Mark(object):
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs


class MarkDecorator(object):
    def __init__(self, name, args=(), kwargs=None):
        self.mark = Mark(name, args, kwargs or {})

    def __call__(self, *args, **kwargs):
        # As pytest: one function or class alone is what the mark decorates; anything else are
        # the mark's arguments (@pytest.mark.skip(reason=...), @pytest.mark.parametrize(...)).
        if len(args) == 1 and not kwargs and isinstance(args[0], (type, type(_function))):
            target = args[0]
            target.pytestmark = list(getattr(target, "pytestmark", [])) + [self.mark]
            return target
        merged = dict(self.mark.kwargs)
        merged.update(kwargs)
        return MarkDecorator(self.mark.name, self.mark.args + args, merged)


def _function():
    """A function, for its type."""


class MarkGenerator(object):
    KNOWN = ("parametrize", "skip", "skipif", "xfail", "usefixtures")

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return MarkDecorator(name)  # other marks are labels, as in pytest


mark = MarkGenerator()


def param(*values, **kwargs):
    """pytest.param(...) inside a parametrize list: the values, with an optional id."""
    return ParameterSet(values, kwargs.get("id"))


class ParameterSet(object):
    def __init__(self, values, id_=None):
        self.values = values
        self.id = id_


def main(*args, **kwargs):
    """``pytest.main()`` at the end of a test file: the runner runs the tests already."""
    return 0


class FixtureSpec(object):
    """What ``@pytest.fixture(...)`` said of a function (``fixtures.py`` sets it up)."""

    def __init__(self, name, scope, autouse, params):
        self.name = name
        self.scope = scope
        self.autouse = autouse
        self.params = params


def fixture(fixture_function=None, scope="function", params=None, autouse=False, ids=None, name=None):
    """``@pytest.fixture`` or ``@pytest.fixture(scope=..., autouse=..., name=...)``."""

    def mark_fixture(function):
        function._pytest_fixture = FixtureSpec(name or function.__name__, scope, autouse, params)
        return function

    if fixture_function is not None and callable(fixture_function):
        return mark_fixture(fixture_function)
    return mark_fixture


def fixture_spec(value):
    """The FixtureSpec of a fixture function, else None."""
    spec = getattr(value, "_pytest_fixture", None)
    return spec if isinstance(spec, FixtureSpec) else None


def is_fixture(value):
    return fixture_spec(value) is not None


def __getattr__(name):  # PEP 562: everything else pytest has
    if name.startswith("_"):  # not pytest's API: looked for by the runner (is_fixture), say nothing
        raise AttributeError(name)
    raise not_supported("pytest.%s" % name)


def install():
    """Make ``import pytest`` find this module."""
    sys.modules["pytest"] = sys.modules[__name__]
