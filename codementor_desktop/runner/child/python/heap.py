"""The heap of a trace: values encoded once, referenced by id, re-encoded only when they change.

Numbers, short strings, booleans and ``None`` are written inline. Lists, tuples, dicts, sets,
deques, the learner's own objects (``TreeNode``, ``ListNode``, any class of the solution), the
learner's classes (with their attributes) and generators become heap objects with a small integer
id, so that two variables holding the same list show the same id (aliasing) and a change made
through either shows on that id (mutation). Every encoding is bounded: ``max_items`` items a
container, ``max_objects`` new objects per value, ``max_chars`` characters a string; where
something was cut the encoding says so (``"cut": true``, or ``{"cut": "TypeName"}`` in place of an
object that was not encoded).

Nothing here calls the learner's ``__repr__``, ``__eq__`` or ``__hash__``: objects are compared by
identity, and instances are read through their ``__dict__`` or ``__slots__``.

Ids stay stable without keeping the program's objects alive:

- An object that can be weakly referenced (the learner's instances and classes, sets, deques,
  generators) is held by a weak reference; when the program drops it, it dies as it would
  untraced (``__del__`` runs, weak references die) and its id is forgotten with it, so a new
  object born at the same address gets a new id.
- Lists, dicts and tuples cannot be weakly referenced, and an address they leave may be reused:
  they are held, and ``sweep`` lets them go once the program has. It counts each held object's
  references (``sys.getrefcount``), takes away those the held objects and the heap's own
  signatures account for, keeps what the rest can still reach, and forgets everything else. It
  runs whenever the held objects have doubled since the last sweep, so the cost stays in
  proportion and memory stays near what the untraced program uses. A reference it cannot account
  for only ever keeps an object longer, never forgets a live one.
"""

import sys
from _collections import deque
from _weakref import ref as weak_ref
from itertools import repeat
from operator import is_, is_not

try:
    from . import heap_reading as reading
except ImportError:  # run as a flat script inside the child
    import heap_reading as reading

# The identity of an object, like id(); but id() raises an audit event on every call, and the
# child's sandbox hook would run for each one (a third of a traced step's time). object.__hash__
# is CPython's pointer hash: a rotation of the address, so unique among live objects.
identity = object.__hash__
_NONE_TYPE = type(None)
_SIMPLE = frozenset((int, bool, _NONE_TYPE))
_INLINE = reading.INLINE
_INT_LIMIT = 10**15  # beyond this a number travels as text: JSON readers lose precision
_INF = float("inf")
_SEQUENCES = {list: "list", tuple: "tuple", deque: "deque"}
_SETS = {set: "set", frozenset: "frozenset"}
_NEVER_CHANGE = ("tuple", "gen")
_INTS = {int}
SWEEP_FIRST = 256  # held objects before the first sweep
SWEEP_ITEMS = 1_000_000  # or items in the held containers (8 MB of references)


class Heap:
    """Heap ids for the objects of one trace, with the signatures that tell when one changed.

    With ``patches`` (the trace's default) a container that changed in place is sent as a patch
    rather than in full: ``{"set": [[index, value], ...]}`` for sequences, ``{"put": [[key, value],
    ...]}`` for dicts, ``{"fields": {name: value}}`` for objects and classes, and ``{"length": n,
    "append": [...]}`` when a sequence grew or shrank at its end. A full encoding always has a
    ``"type"``.
    """

    def __init__(self, max_items=100, max_objects=400, max_chars=200, learner_modules=("__main__",), patches=True):
        self.max_items = max_items
        self.max_objects = max_objects
        self.max_chars = max_chars
        self.learner_modules = set(learner_modules)
        self.patches = patches
        self.ids = {}  # identity(obj) -> heap id, for the objects alive now
        self.objects = []  # heap id -> the object, a weak reference to it, or None once forgotten
        self.shape = []  # heap id -> how to read it: "seq", "dict", "set", "obj", "class", "tuple", "gen"
        self.sigs = []  # heap id -> [length, items (or keys), values] as last encoded
        self.kids = []  # heap id -> heap ids of the objects it referred to
        self.delta = {}  # heap id -> full encoding or patch, since the last take()
        self.latest = None if patches else {}  # str(heap id) -> full encoding (without patches)
        self.held = set()  # heap ids of the objects held strongly (see the module's docstring)
        self.sweep_at = SWEEP_FIRST
        self.held_items = 0  # items in the held containers, as they were encoded
        self.items_at = SWEEP_ITEMS
        self._budget = 0
        self._pending = []

    # -- public ---------------------------------------------------------------------------------

    def value(self, v):
        """The encoding of one value: inline, or ``{"ref": id}`` (encoding the object if new)."""
        if len(self.held) > self.sweep_at or self.held_items > self.items_at:
            self.sweep()
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
        """The objects new or changed since the last call (``{id: encoding}``), or None."""
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
        key = identity(v)
        hid = self.ids.get(key)
        if hid is not None:
            return {"ref": hid}
        shape = self._shape(v, t)
        if shape is None:
            return reading.label(v, t)
        if self._budget <= 0:
            return {"cut": t.__name__}
        self._budget -= 1
        hid = len(self.objects)
        self.ids[key] = hid
        if t.__weakrefoffset__:
            self.objects.append(weak_ref(v, self._forgetter(key, hid)))
        else:
            self.objects.append(v)
            self.held.add(hid)
        self.shape.append(shape)
        self.sigs.append(None)
        self.kids.append(())
        self._pending.append(hid)
        return {"ref": hid}

    def _forgetter(self, key, hid):
        def forget(_reference):
            if self.ids.get(key) == hid:
                del self.ids[key]
            self._release(hid)

        return forget

    def _release(self, hid):
        self.objects[hid] = None
        self.sigs[hid] = None
        self.kids[hid] = ()
        self.held.discard(hid)

    def _items(self, values, kids):
        """Encode values; note the heap ids they refer to in ``kids``."""
        kinds = set(map(type, values))
        if kinds == _INTS and -_INT_LIMIT < min(values) and max(values) < _INT_LIMIT:
            return list(values)  # an array of numbers, the commonest of all
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
        if t is reading.GENERATOR:
            return "gen"
        learner = self.learner_modules
        if isinstance(v, type):
            return "class" if getattr(v, "__module__", None) in learner and t is type else None
        if getattr(t, "__module__", None) in learner and not isinstance(v, BaseException):
            if hasattr(v, "__dict__") or hasattr(t, "__slots__"):
                return "obj"
        return None

    def _encode(self, hid):
        """The full encoding of one heap object."""
        v = self.objects[hid]
        if type(v) is weak_ref:
            v = v()
        if v is None:  # let go since it was met
            return
        shape = self.shape[hid]
        limit = self.max_items
        kids = set()
        if shape == "dict":
            n = len(v)
            if hid in self.held:
                self.held_items += n
            keys = list(v) if n <= limit else reading.first(v, limit)
            values = [dict.__getitem__(v, k) for k in keys]
            pairs = list(map(list, zip(self._items(keys, kids), self._items(values, kids))))
            encoding = {"type": type(v).__name__, "entries": pairs}
            self.sigs[hid] = [n, keys, values]
        elif shape == "obj" or shape == "class":
            names, values = reading.fields(v) if shape == "obj" else reading.attributes(v)
            encoding = (
                {"type": "object", "class": type(v).__name__}
                if shape == "obj"
                else {"type": "class", "name": v.__name__}
            )
            encoding["fields"] = dict(zip(names, self._items(values, kids)))
            self.sigs[hid] = [len(names), names, values]
            cls = self.ids.get(identity(type(v))) if shape == "obj" else None
            if cls is not None:  # a change through the instance (self.__class__.count += 1) shows on its class
                kids.add(cls)
            n = 0  # fields are never cut
        elif shape == "gen":
            encoding = {"type": "generator", "name": getattr(v, "__name__", "?")}
            self.sigs[hid] = [0, (), None]
            n = 0
        else:
            n = len(v)
            if hid in self.held:
                self.held_items += n
            items = list(v) if n <= limit else reading.head(v, limit)
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
        if sig is None or shape in _NEVER_CHANGE:  # about to be encoded (or gone); or never changes
            return
        v = self.objects[hid]
        if type(v) is weak_ref:
            v = v()
            if v is None:
                return
        n, old, old_values = sig
        limit = self.max_items
        patches = self.patches and hid not in self.delta
        if shape == "seq":
            if len(v) == n:
                if all(map(is_, v, old)):  # the first ``limit`` items: the rest is not shown
                    return
                if patches:
                    now = sig[1] = list(v) if n <= limit else reading.head(v, limit)
                    self.delta[hid] = {"set": self._changes(hid, now, list(map(is_not, now, old)), None)}
                    return
            elif patches:
                return self._resize(hid, v, sig)
        elif shape == "dict":
            if len(v) == n and all(map(is_, v, old)):
                if all(map(is_, v.values(), old_values)):
                    return
                if patches:
                    now = sig[2] = list(v.values()) if n <= limit else reading.first(v.values(), limit)
                    self.delta[hid] = {"put": self._changes(hid, now, list(map(is_not, now, old_values)), old)}
                    return
            elif patches and n < len(v) and all(map(is_, v, old)):
                # New keys at the end, the others in place: put what changed and what is new.
                m = len(v)
                keys = sig[1] = list(v) if m <= limit else reading.first(v, limit)
                now = sig[2] = list(v.values()) if m <= limit else reading.first(v.values(), limit)
                flags = list(map(is_not, now, old_values)) + [True] * (len(keys) - len(old))
                sig[0] = m
                patch = {"put": self._changes(hid, now, flags, keys)}
                if m > limit:
                    patch["length"] = m
                self.delta[hid] = patch
                return
        elif shape == "obj" or shape == "class":
            names, values = reading.fields(v) if shape == "obj" else reading.attributes(v)
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
            now = list(v) if m <= limit else reading.head(v, limit)
            patch["append"] = self._items(now[len(old) :], self.kids[hid])
            sig[1] = now
        elif m < len(old):
            sig[1] = old[:m]
        sig[0] = m
        self.delta[hid] = patch

    # -- letting go -----------------------------------------------------------------------------

    def sweep(self):
        """Forget the held objects the program no longer references (see the module's docstring)."""
        objects, limit, held = self.objects, self.max_items, self.held
        count = sys.getrefcount
        outside = {}
        v = None
        for hid in held:
            v = objects[hid]
            outside[hid] = count(v) - 3  # objects[hid], ``v`` and the argument
        del v
        # Take away the references the heap can account for: those of held objects to held objects
        # (followed below, as the program's), and its own signatures' (never followed).
        inner = {}
        for hid, kids in enumerate(self.kids):
            kids = [kid for kid in kids if kid in outside]
            if not kids:
                continue
            v = objects[hid]
            if type(v) is weak_ref:
                v = v()
            sig = self.sigs[hid]
            if v is None or sig is None:
                continue
            mine = (sig[1] or (), sig[2] or ())
            theirs = reading.referents(v, self.shape[hid], limit) if hid in held else ()
            for kid in kids:
                target = repeat(objects[kid])
                outside[kid] -= sum(sum(map(is_, refs, target)) for refs in mine)
                if theirs and any(sum(map(is_, refs, target)) for refs in theirs):
                    outside[kid] -= sum(sum(map(is_, refs, target)) for refs in theirs)
                    inner.setdefault(hid, []).append(kid)
        alive = [hid for hid, refs in outside.items() if refs > 0]
        reached = set(alive)
        while alive:
            for kid in inner.get(alive.pop(), ()):
                if kid not in reached:
                    reached.add(kid)
                    alive.append(kid)
        for hid in list(held):
            if hid not in reached:
                del self.ids[identity(objects[hid])]
                self._release(hid)
        self.sweep_at = max(SWEEP_FIRST, 2 * len(held))
        self.held_items = sum(len(objects[hid]) for hid in held if self.shape[hid] != "obj")
        self.items_at = max(SWEEP_ITEMS, 2 * self.held_items)
