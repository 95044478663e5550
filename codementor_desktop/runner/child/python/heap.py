"""The heap of a trace: values encoded once, referenced by id, re-encoded only when they change.

Numbers, short strings, booleans and ``None`` are written inline. Lists, tuples, dicts, sets,
deques and the learner's own objects (``TreeNode``, ``ListNode``, any class of the solution) become
heap objects with a small integer id, so that two variables holding the same list show the same id
(aliasing) and a change made through either shows on that id (mutation). Every encoding is bounded:
``max_items`` items a container, ``max_objects`` new objects per value, ``max_chars`` characters a
string; where something was cut the encoding says so (``"cut": true``, or ``{"cut": "TypeName"}``
in place of an object that was not encoded).

Nothing here calls the learner's ``__repr__``, ``__eq__`` or ``__hash__``: objects are compared by
identity, and instances are read through their ``__dict__`` or ``__slots__``.
"""

from _collections import deque
from operator import is_, is_not

# The identity of an object, like id(); but id() raises an audit event on every call, and the
# child's sandbox hook would run for each one (a third of a traced step's time). object.__hash__
# is CPython's pointer hash: a rotation of the address, so unique among live objects.
identity = object.__hash__
_NONE_TYPE = type(None)
_SIMPLE = frozenset((int, bool, _NONE_TYPE))
_INLINE = frozenset((int, bool, float, str, _NONE_TYPE))
_INT_LIMIT = 10**15  # beyond this a number travels as text: JSON readers lose precision
_INF = float("inf")
_SEQUENCES = {list: "list", tuple: "tuple", deque: "deque"}
_SETS = {set: "set", frozenset: "frozenset"}
_OPAQUE_SAFE = ("range", "slice", "complex", "bytes", "bytearray", "range_iterator")


def _generator_type():
    def gen():
        yield None

    return type(gen())


_GENERATOR = _generator_type()


class Heap:
    """Heap ids for the objects of one trace, with the signatures that tell when one changed.

    With ``patches`` (the trace's default) a container that changed in place is sent as a patch
    rather than in full: ``{"set": [[index, value], ...]}`` for sequences, ``{"put": [[key, value],
    ...]}`` for dicts, ``{"fields": {name: value}}`` for objects, and ``{"length": n, "append":
    [...]}`` when a sequence grew or shrank at its end. A full encoding always has a ``"type"``.
    """

    def __init__(self, max_items=100, max_objects=400, max_chars=200, learner_modules=("__main__",), patches=True):
        self.max_items = max_items
        self.max_objects = max_objects
        self.max_chars = max_chars
        self.learner_modules = set(learner_modules)
        self.patches = patches
        self.ids = {}  # identity(obj) -> heap id
        self.objects = []  # heap id -> the object, kept alive so that its identity is never reused
        self.shape = []  # heap id -> how to read it: "seq", "dict", "set", "obj" or "tuple"
        self.sigs = []  # heap id -> [length, items (or keys), values] as last encoded
        self.kids = []  # heap id -> heap ids of the objects it referred to
        self.delta = {}  # str(heap id) -> full encoding or patch, since the last take()
        self.latest = None if patches else {}  # str(heap id) -> full encoding (without patches)
        self._budget = 0
        self._pending = []

    # -- public ---------------------------------------------------------------------------------

    def value(self, v):
        """The encoding of one value: inline, or ``{"ref": id}`` (encoding the object if new)."""
        self._budget = self.max_objects
        encoded = self._value(v)
        if self._pending:
            self._drain()
        return encoded

    def recheck(self, v):
        """Send what changed in ``v`` and in the heap objects under it since they were encoded."""
        hid = self.ids.get(identity(v))
        if hid is not None:
            self.recheck_id(hid)

    def recheck_id(self, hid):
        self._budget = self.max_objects
        kids = self.kids
        if not kids[hid]:
            self._update(hid)
        else:
            seen = set()
            todo = [hid]
            while todo:
                hid = todo.pop()
                if hid in seen:
                    continue
                seen.add(hid)
                self._update(hid)
                todo.extend(kids[hid])
                if len(seen) > 4 * self.max_objects:
                    break
        if self._pending:
            self._drain()

    def take(self):
        """The objects new or changed since the last call (``{str(id): encoding}``), or None."""
        if not self.delta:
            return None
        delta, self.delta = self.delta, {}
        return delta

    # -- encoding -------------------------------------------------------------------------------

    def _value(self, v):
        t = type(v)
        if t in _SIMPLE:
            if t is int and not -_INT_LIMIT < v < _INT_LIMIT:
                text = str(v) if v.bit_length() < 3000 else "(%d bits)" % v.bit_length()
                return {"type": "int", "repr": text}
            return v
        if t is str:
            if len(v) <= self.max_chars:
                return v
            return {"type": "str", "value": v[: self.max_chars], "length": len(v), "cut": True}
        if t is float:
            if v != v or v == _INF or v == -_INF:
                return {"type": "float", "repr": repr(v)}
            return v
        hid = self.ids.get(identity(v))
        if hid is not None:
            return {"ref": hid}
        shape = self._shape(v, t)
        if shape is None:
            return _opaque(v, t)
        if self._budget <= 0:
            return {"cut": t.__name__}
        self._budget -= 1
        hid = len(self.objects)
        self.ids[identity(v)] = hid
        self.objects.append(v)
        self.shape.append(shape)
        self.sigs.append(None)
        self.kids.append(())
        self._pending.append(hid)
        return {"ref": hid}

    def _items(self, values, kids):
        """Encode values; note the heap ids they refer to in ``kids``."""
        value = self._value
        out = []
        for item in values:
            t = type(item)
            if t is int and -_INT_LIMIT < item < _INT_LIMIT or item is None or t is bool:
                out.append(item)
                continue
            encoded = value(item)
            if type(encoded) is dict and "ref" in encoded:
                kids.add(encoded["ref"])
            out.append(encoded)
        return out

    def _drain(self):
        # Breadth first, so a long linked list or a deep tree is cut at its far end.
        pending = self._pending
        index = 0
        while index < len(pending):
            self._encode(pending[index])
            index += 1
        del pending[:]

    def _shape(self, v, t):
        if t in _SEQUENCES:
            return "tuple" if t is tuple else "seq"
        if t is dict or isinstance(v, dict):
            return "dict"
        if t in _SETS:
            return "set"
        if isinstance(v, (list, deque)):
            return "seq"
        if isinstance(v, tuple):
            return "tuple"
        if getattr(t, "__module__", None) in self.learner_modules and not isinstance(v, (type, BaseException)):
            if hasattr(v, "__dict__") or hasattr(t, "__slots__"):
                return "obj"
        return None

    def _encode(self, hid):
        """The full encoding of one heap object."""
        v = self.objects[hid]
        shape = self.shape[hid]
        limit = self.max_items
        kids = set()
        if shape == "dict":
            n = len(v)
            keys = list(v) if n <= limit else _first(v, limit)
            values = [dict.__getitem__(v, k) for k in keys]
            pairs = list(map(list, zip(self._items(keys, kids), self._items(values, kids))))
            encoding = {"type": type(v).__name__, "entries": pairs}
            self.sigs[hid] = [n, keys, values]
        elif shape == "obj":
            names, values = _fields(v)
            encoding = {
                "type": "object",
                "class": type(v).__name__,
                "fields": dict(zip(names, self._items(values, kids))),
            }
            self.sigs[hid] = [len(names), names, values]
            n = 0  # fields are never cut
        else:
            n = len(v)
            items = list(v) if n <= limit else _first(v, limit)
            encoding = {"type": type(v).__name__, "items": self._items(items, kids)}
            self.sigs[hid] = [n, items, None]
        if n > limit:
            encoding["length"] = n
            encoding["cut"] = True
        self.kids[hid] = kids
        self.delta[hid] = encoding
        if self.latest is not None:
            self.latest[str(hid)] = encoding

    def _update(self, hid):
        """Compare a heap object with what was last sent; send a patch, or all of it, if it changed."""
        sig = self.sigs[hid]
        shape = self.shape[hid]
        if sig is None or shape == "tuple":  # about to be encoded; or a tuple, which never changes
            return
        v = self.objects[hid]
        n, old, old_values = sig
        limit = self.max_items
        patches = self.patches and hid not in self.delta
        if shape == "seq":
            if len(v) == n:
                if all(map(is_, v, old)):  # the first ``limit`` items: the rest is not shown
                    return
                if patches:
                    now = sig[1] = list(v) if n <= limit else _head(v, limit)
                    self.delta[hid] = {"set": self._changes(hid, now, list(map(is_not, now, old)), None)}
                    return
            elif patches:
                return self._resize(hid, v, sig)
        elif shape == "dict":
            if len(v) == n and all(map(is_, v, old)):
                if all(map(is_, v.values(), old_values)):
                    return
                if patches:
                    now = sig[2] = list(v.values()) if n <= limit else _first(v.values(), limit)
                    self.delta[hid] = {"put": self._changes(hid, now, list(map(is_not, now, old_values)), old)}
                    return
            elif patches and n < len(v) and all(map(is_, v, old)):
                # New keys at the end, the others in place: put what changed and what is new.
                m = len(v)
                keys = sig[1] = list(v) if m <= limit else _first(v, limit)
                now = sig[2] = list(v.values()) if m <= limit else _first(v.values(), limit)
                flags = list(map(is_not, now, old_values)) + [True] * (len(keys) - len(old))
                sig[0] = m
                patch = {"put": self._changes(hid, now, flags, keys)}
                if m > limit:
                    patch["length"] = m
                self.delta[hid] = patch
                return
        elif shape == "obj":
            names, values = _fields(v)
            if names == old:
                if all(map(is_, values, old_values)):
                    return
                if patches:
                    sig[2] = values
                    changes = self._changes(hid, values, list(map(is_not, values, old_values)), old)
                    self.delta[hid] = {"fields": dict(changes)}
                    return
        elif len(v) == n and all(map(is_, v, old)):  # sets: no stable positions to patch
            return
        self._encode(hid)

    def _changes(self, hid, now, flags, keys):
        """``[position or key, encoded value]`` for each flagged item."""
        kids = self.kids[hid]
        changes = []
        index = -1
        for _ in range(flags.count(True)):
            index = flags.index(True, index + 1)
            item = now[index]
            if not (type(item) is int and -_INT_LIMIT < item < _INT_LIMIT):
                item = self._items((item,), kids)[0]
            if keys is None:
                changes.append([index, item])
            else:
                key = keys[index]
                if not (type(key) is int and -_INT_LIMIT < key < _INT_LIMIT):
                    key = self._items((key,), kids)[0]
                changes.append([key, item])
        return changes

    def _resize(self, hid, v, sig):
        """A sequence that grew or shrank at its end: ``{"length": n, "append": [...]}``."""
        n, old, _ = sig
        limit = self.max_items
        m = len(v)
        common = min(len(old), m)
        if not all(map(is_, v, old[:common] if common < len(old) else old)):
            return self._encode(hid)
        patch = {"length": m}
        if m > len(old) and len(old) < limit:
            now = list(v) if m <= limit else _head(v, limit)
            patch["append"] = self._items(now[len(old) :], self.kids[hid])
            sig[1] = now
        elif m < len(old):
            sig[1] = old[:m]
        sig[0] = m
        self.delta[hid] = patch


def _head(sequence, count):
    """The first ``count`` items (a slice when the sequence allows one)."""
    if type(sequence) is list:
        return sequence[:count]
    return _first(sequence, count)


def _first(iterable, count):
    out = []
    append = out.append
    for item in iterable:
        if len(out) >= count:
            break
        append(item)
    return out


def _fields(obj):
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


def _opaque(v, t):
    """Functions, classes, modules, iterators and other objects: a label, never their repr()."""
    name = t.__name__
    if name in ("function", "builtin_function_or_method", "method"):
        return {"type": "function", "repr": "%s()" % getattr(v, "__qualname__", getattr(v, "__name__", "?"))}
    if t is type or isinstance(v, type):
        return {"type": "class", "repr": "class %s" % v.__name__}
    if name == "module":
        return {"type": "module", "repr": "module %s" % getattr(v, "__name__", "?")}
    if t is _GENERATOR:
        return {"type": "generator", "repr": "generator %s" % getattr(v, "__qualname__", "?")}
    if isinstance(v, BaseException) and t.__module__ == "builtins":
        return {"type": "exception", "repr": "%s(%s)" % (name, ", ".join(repr(a)[:80] for a in v.args[:3]))}
    if name in _OPAQUE_SAFE:
        text = repr(v)
        return {"type": name, "repr": text if len(text) <= 200 else text[:200] + "..."}
    return {"type": name, "repr": "<%s object>" % name}


def show(value, heap_objects, limit=300):
    """A short text of an encoded value, for a person: ``[1, 2, {'a': 3}]``, ``TreeNode(val=4)``."""
    parts = []
    _show(value, heap_objects, parts, set(), [0], limit)
    text = "".join(parts)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _show(value, heap, out, active, used, limit):
    used[0] += 1
    if used[0] > limit:
        out.append("...")
        return
    if type(value) is not dict:
        out.append(_literal(value))
        return
    if "ref" in value:
        hid = value["ref"]
        obj = heap.get(str(hid)) or heap.get(hid)
        if obj is None or hid in active:
            out.append("<#%s>" % hid)
            return
        active.add(hid)
        _show_object(obj, heap, out, active, used, limit)
        active.discard(hid)
        return
    if "cut" in value and len(value) == 1:
        out.append("<%s ...>" % value["cut"])
        return
    if value.get("type") == "str":
        out.append(repr(value.get("value", "") + "..."))
        return
    out.append(str(value.get("repr", "?")))


def _show_object(obj, heap, out, active, used, limit):
    kind = obj.get("type")
    if kind == "object":
        out.append(obj.get("class", "object") + "(")
        for index, (name, item) in enumerate(obj.get("fields", {}).items()):
            out.append(", " + name + "=" if index else name + "=")
            _show(item, heap, out, active, used, limit)
        out.append(")")
        return
    if "entries" in obj:
        out.append("{" if kind == "dict" else kind + "({")
        for index, (key, item) in enumerate(obj["entries"]):
            if index:
                out.append(", ")
            _show(key, heap, out, active, used, limit)
            out.append(": ")
            _show(item, heap, out, active, used, limit)
        closing = "}" if kind == "dict" else "})"
    else:
        opening, closing = _BRACKETS.get(kind, (kind + "([", "])"))
        out.append(opening)
        items = obj.get("items", [])
        for index, item in enumerate(items):
            if index:
                out.append(", ")
            _show(item, heap, out, active, used, limit)
        if kind == "tuple" and len(items) == 1:
            out.append(",")
    if obj.get("cut"):
        out.append(", ... %d in all" % obj.get("length", 0))
    out.append(closing)


_BRACKETS = {"list": ("[", "]"), "tuple": ("(", ")"), "set": ("{", "}"), "frozenset": ("frozenset({", "})")}


def _literal(value):
    if value is None:
        return "None"
    if value is True:
        return "True"
    if value is False:
        return "False"
    return repr(value)
