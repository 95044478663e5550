"""pytest fixtures in the learner's own tests, inside the child (``test_frameworks.py`` runs them).

A test's arguments that parametrize does not give, its ``usefixtures`` marks and the autouse
fixtures are set up before it, in that order, each after the fixtures it asks for itself, and
torn down after it in the reverse order (a ``yield`` fixture runs on past its ``yield``). A
fixture is set up once per test (``scope="function"``), per class, or once for the whole file
(``module``, ``package``, ``session``). Fixtures come from the test file and its ``Test*``
class; three of pytest's own are here: ``tmp_path``, ``capsys`` and ``monkeypatch``. Anything
else (``request``, ``caplog``, fixture ``params``) is an error of the test that asks for it,
naming it.
"""

import inspect
import os
import sys

try:
    from . import pytest_compat
except ImportError:  # run as a flat script inside the child
    import pytest_compat

BUILT_IN = ("tmp_path", "capsys", "monkeypatch")
WIDE_SCOPES = ("module", "package", "session")


class FixtureFailed(Exception):
    """A fixture that cannot be set up as written (unknown, a cycle, yielding twice)."""


class Fixtures(object):
    """The fixtures of one test file: set up for each test, torn down after it and at the end."""

    def __init__(self, namespace, workdir, output):
        self.defined = {}
        for value in list(namespace.values()):
            spec = pytest_compat.fixture_spec(value)
            if spec is not None:
                self.defined[spec.name] = (spec, value, False)
        self.workdir = workdir
        self.output = output  # (stdout, stderr): the streams the runner captures a test's output in
        self.values = {"function": {}, "class": {}, "wide": {}}
        self.finalizers = {"function": [], "class": [], "wide": []}
        self.made = 0

    # ---------------------------------------------------------------- what a test asks for

    def autouse(self, cls=None):
        """The names of the autouse fixtures a test in ``cls`` (or at module level) gets."""
        return [name for name, (spec, _, _in_class) in self._visible(cls).items() if spec.autouse]

    def _visible(self, cls):
        visible = dict(self.defined)
        for klass in reversed(inspect.getmro(cls)) if cls is not None else ():
            for value in vars(klass).values():
                spec = pytest_compat.fixture_spec(value)
                if spec is not None:
                    visible[spec.name] = (spec, value, True)
        return visible

    def setup(self, names, cls=None, instance=None):
        """Set up ``names`` (and what they ask for); returns {name: value} for the test's arguments."""
        visible = self._visible(cls)
        return dict((name, self._get(name, visible, instance, ())) for name in names)

    def _get(self, name, visible, instance, asking):
        if name in asking:
            raise FixtureFailed("the fixture %r asks for itself (%s)" % (name, " -> ".join(asking + (name,))))
        for scope in ("function", "class", "wide"):
            if name in self.values[scope]:
                return self.values[scope][name]
        if name not in visible:
            if name in BUILT_IN:
                return self._built_in(name)
            raise self._unknown(name, visible)
        spec, function, in_class = visible[name]
        if spec.params is not None:
            raise pytest_compat.not_supported("the fixture %r with params (parametrized fixtures)" % name)
        if instance is not None and in_class:
            function = function.__get__(instance, type(instance))  # a fixture of the test's class
        wanted = [
            p.name
            for p in inspect.signature(function).parameters.values()
            if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        arguments = dict((n, self._get(n, visible, instance, asking + (name,))) for n in wanted)
        scope = "wide" if spec.scope in WIDE_SCOPES else ("class" if spec.scope == "class" else "function")
        if inspect.isgeneratorfunction(function):
            steps = function(**arguments)
            value = next(steps)
            self.finalizers[scope].append((name, lambda: _finish(name, steps)))
        else:
            value = function(**arguments)
        self.values[scope][name] = value
        return value

    def _unknown(self, name, visible):
        known = ("tmpdir", "tmp_path_factory", "capfd", "capsysbinary", "caplog", "request", "recwarn")
        if name in known or name.startswith("pytest"):
            return pytest_compat.not_supported(
                "pytest's fixture %r (of pytest's own fixtures, %s are here)" % (name, ", ".join(BUILT_IN))
            )
        available = sorted(set(visible) | set(BUILT_IN))
        return FixtureFailed("fixture %r not found (available: %s)" % (name, ", ".join(available)))

    # ---------------------------------------------------------------- pytest's own

    def _built_in(self, name):
        if name == "tmp_path":
            import pathlib
            import tempfile

            base = os.path.join(self.workdir, "tmp_path")
            if not os.path.isdir(base):
                os.mkdir(base)
            value = pathlib.Path(tempfile.mkdtemp(dir=base))
        elif name == "capsys":
            value = CaptureFixture(*self.output)
        else:
            value = MonkeyPatch()
            self.finalizers["function"].append((name, value.undo))
        self.values["function"][name] = value
        return value

    # ---------------------------------------------------------------- teardown

    def teardown(self, scope="function"):
        """Tear down ``scope``'s fixtures, newest first; the first error, if any (all still run)."""
        error = None
        finalizers, self.finalizers[scope] = self.finalizers[scope], []
        self.values[scope] = {}
        for _name, finish in reversed(finalizers):
            try:
                finish()
            except BaseException as exc:  # noqa: BLE001 - reported as the test's error
                if isinstance(exc, KeyboardInterrupt):
                    raise
                error = error or exc
        return error

    def pending(self, scope):
        return bool(self.finalizers[scope])


def _finish(name, steps):
    try:
        next(steps)
    except StopIteration:
        return
    raise FixtureFailed("the fixture %r yielded twice (a fixture yields once)" % name)


class CaptureResult(tuple):
    """``capsys.readouterr()``: ``out`` and ``err``, as pytest's named tuple."""

    def __new__(cls, out, err):
        return tuple.__new__(cls, (out, err))

    out = property(lambda self: self[0])
    err = property(lambda self: self[1])


class CaptureFixture(object):
    """``capsys``: what the test printed since it began or since the last ``readouterr()``."""

    def __init__(self, stdout, stderr):
        self._streams = (stdout, stderr)
        self._read = [len(stdout.getvalue()), len(stderr.getvalue())]

    def readouterr(self):
        texts = []
        for index, stream in enumerate(self._streams):
            text = stream.getvalue()
            texts.append(text[self._read[index] :])
            self._read[index] = len(text)
        return CaptureResult(*texts)


_MISSING = object()


class MonkeyPatch(object):
    """``monkeypatch``: attributes, items, environment variables and sys.path, undone after the test."""

    def __init__(self):
        self._undo = []

    def setattr(self, target, name, value=_MISSING, raising=True):
        if value is _MISSING:  # setattr("package.module.name", value)
            dotted, value = target, name
            target, name = _resolve(dotted), dotted.rsplit(".", 1)[1]
        old = getattr(target, name, _MISSING)
        if old is _MISSING and raising:
            raise AttributeError("%r has no attribute %r" % (target, name))
        self._undo.append(lambda: setattr(target, name, old) if old is not _MISSING else delattr(target, name))
        setattr(target, name, value)

    def delattr(self, target, name=_MISSING, raising=True):
        if name is _MISSING:
            target, name = _resolve(target), target.rsplit(".", 1)[1]
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        old = getattr(target, name)
        self._undo.append(lambda: setattr(target, name, old))
        delattr(target, name)

    def setitem(self, mapping, key, value):
        old = mapping.get(key, _MISSING) if hasattr(mapping, "get") else mapping[key]
        self._undo.append(lambda: _put_back(mapping, key, old))
        mapping[key] = value

    def delitem(self, mapping, key, raising=True):
        if key not in mapping:
            if raising:
                raise KeyError(key)
            return
        old = mapping[key]
        self._undo.append(lambda: _put_back(mapping, key, old))
        del mapping[key]

    def setenv(self, name, value, prepend=None):
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        self.delitem(os.environ, name, raising)

    def syspath_prepend(self, path):
        saved = list(sys.path)
        self._undo.append(lambda: sys.path.__setitem__(slice(None), saved))
        sys.path.insert(0, str(path))

    def chdir(self, path):
        old = os.getcwd()
        self._undo.append(lambda: os.chdir(old))
        os.chdir(str(path))

    def undo(self):
        while self._undo:
            self._undo.pop()()


def _put_back(mapping, key, old):
    if old is _MISSING:
        mapping.pop(key, None)
    else:
        mapping[key] = old


def _resolve(dotted):
    """The object that owns the last name of ``dotted`` ("os.path.join" -> os.path)."""
    import importlib

    owner, _, _name = dotted.rpartition(".")
    parts = owner.split(".")
    found = importlib.import_module(parts[0])
    for index, part in enumerate(parts[1:], 1):
        try:
            found = getattr(found, part)
        except AttributeError:
            found = importlib.import_module(".".join(parts[: index + 1]))
    return found
