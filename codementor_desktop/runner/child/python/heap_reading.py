"""How the heap reads a value without running the learner's code: the first items of a container,
an instance's fields, a class's own attributes, a label for everything else (never its repr())."""

from itertools import islice

INLINE = frozenset((int, bool, float, str, type(None)))  # written as they are, never a heap object
_OPAQUE_SAFE = ("range", "slice", "complex", "bytes", "bytearray", "range_iterator")


def _generator_type():
    def gen():
        yield None

    return type(gen())


GENERATOR = _generator_type()


def referents(v, shape, limit):
    """The program's references from a held object, as far as the heap shows it (conservative:
    a reference it does not list only ever keeps an object longer)."""
    if shape == "dict":
        keys = first(v, limit)
        return keys, [dict.__getitem__(v, k) for k in keys]
    if shape == "obj":
        return (fields(v)[1],)
    return (head(v, limit),)


def head(sequence, count):
    """The first ``count`` items (a slice when the sequence allows one)."""
    if type(sequence) is list:
        return sequence[:count]
    return first(sequence, count)


def first(iterable, count):
    return list(islice(iterable, count))


def fields(obj):
    """An instance's attribute names and values, without calling anything the learner wrote."""
    try:
        attributes = object.__getattribute__(obj, "__dict__")
    except AttributeError:
        attributes = None
    if attributes is not None:
        names = list(attributes)
        return names, [attributes[name] for name in names]
    names = []
    values = []
    for klass in type(obj).__mro__:
        for name in getattr(klass, "__slots__", ()):
            try:
                values.append(object.__getattribute__(obj, name))
                names.append(name)
            except AttributeError:
                pass
    return names, values


def attributes(cls):
    """A class's own attributes (class variables and methods), without the ones Python adds."""
    space = type.__dict__["__dict__"].__get__(cls)
    names = [name for name in space if name[:2] != "__"]
    return names, [space[name] for name in names]


def _plain_repr(value):
    """repr() of a number, string or constant; a label for anything that might run the learner's code."""
    if type(value) in INLINE:
        return repr(value)[:80]
    return "<%s>" % type(value).__name__


def label(v, t):
    """Functions, modules, other classes, iterators and other objects: a label, never their repr()."""
    name = t.__name__
    if name in ("function", "builtin_function_or_method", "method"):
        return {"type": "function", "repr": "%s()" % getattr(v, "__qualname__", getattr(v, "__name__", "?"))}
    if t is type or isinstance(v, type):
        return {"type": "class", "repr": "class %s" % v.__name__}
    if name == "module":
        return {"type": "module", "repr": "module %s" % getattr(v, "__name__", "?")}
    if isinstance(v, BaseException):
        return {"type": "exception", "repr": "%s(%s)" % (name, ", ".join(_plain_repr(a) for a in v.args[:3]))}
    if name in _OPAQUE_SAFE:
        text = repr(v)
        return {"type": name, "repr": text if len(text) <= 200 else text[:200] + "..."}
    return {"type": name, "repr": "<%s object>" % name}
