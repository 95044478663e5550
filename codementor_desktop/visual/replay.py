"""Replaying a trace: the variables and heap objects at any step, as values and as text.

A trace (``runner/trace_assembly.py``) sends only what changed from step to step: the variables of
a frame that changed (and of other frames a line changed), and the heap objects that are new (full
encodings) or changed (patches). ``Replay`` applies them in order and answers "what did the
program hold here?" in two forms: plain Python values for the renderers (lists, dicts, ``Node``
objects for the learner's instances and classes, aliasing and cycles kept) and short text for
people.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

DELETED = {"deleted": True}
Step = Mapping[str, Any]  # a trace step (the runner's TraceStep), read by key
_PLAIN_KEYS = 6  # step, event, line, function, depth, frame: a step that changed nothing
_PENDING_BOUND = 256  # changes kept aside for one heap object before they are folded into it (Replay.follow)


@dataclass(eq=False)
class Node:
    """An instance of the learner's class (a TreeNode, a ListNode, ...) rebuilt from a trace."""

    cls: str
    fields: dict[str, Any] = field(default_factory=dict)
    ref: int | None = None

    def __repr__(self) -> str:
        return f"{self.cls}({', '.join(f'{k}=...' for k in self.fields)})"


class Replay:
    """The state of a trace, advanced one step at a time with ``apply``."""

    def __init__(self, trace: Mapping[str, Any]):
        self.steps: list[Step] = list(trace.get("steps") or [])
        self.heap: dict[int, dict] = {}
        self.frames: dict[int, dict[str, Any]] = {}
        self._positions: dict[int, dict] = {}
        self._pending: dict[str, list[dict]] = {}  # heap id -> encodings not applied yet (see jump)
        self.index = -1

    # -- advancing --------------------------------------------------------------------------------

    def apply(self, step: Step) -> None:
        """Take one step's changes into the state."""
        changed = step.get("changed")
        if changed:
            self._assign(int(step.get("frame", 0)), changed)
        elsewhere = step.get("changed_elsewhere")
        if elsewhere:
            for frame, changed in elsewhere.items():
                self._assign(int(frame), changed)
        heap = step.get("heap")
        if heap:
            for key, encoding in heap.items():
                self._apply_heap(int(key), encoding)
        self.index = int(step.get("step", self.index + 1))

    def _assign(self, frame: int, changed: dict | None) -> None:
        if not changed:
            return
        variables = self.frames.setdefault(frame, {})
        variables.update(changed)
        if DELETED in changed.values():
            for name, value in changed.items():
                if value == DELETED:
                    variables.pop(name, None)

    def walk(self) -> Iterator[Step]:
        """Each step in order, with the state already advanced to it."""
        for step in self.steps:
            self.apply(step)
            yield step

    def seek(self, index: int) -> Step | None:
        """Advance to step ``index`` (from the start if it lies behind); returns that step."""
        if index < self.index:
            self._reset()
        found = None
        for step in self.steps[self.index + 1 : index + 1]:
            self.apply(step)
            found = step
        return found if found is not None else (self.steps[index] if 0 <= index < len(self.steps) else None)

    def _reset(self) -> None:
        self.heap.clear()
        self.frames.clear()
        self._positions.clear()
        self._pending.clear()
        self.index = -1

    def jump(self, index: int) -> None:
        """Go to step ``index`` from the start, faster than ``seek`` over a long trace: every
        frame's variables are brought up to date, but a heap object is rebuilt (from its last full
        encoding and the patches since) only when something reads it (``lookup``)."""
        self._reset()
        self.follow(self.steps[: index + 1])
        self.index = index

    def follow(self, steps: Iterable[Step], assembled: bool = False) -> None:
        """Take ``steps`` into the state as ``jump`` does: the variables now, the heap objects'
        changes kept aside until something reads the object (``lookup``). Following a long trace
        this way costs a fraction of ``apply``: most heap changes are never read. ``assembled``:
        the steps are as the app assembles them (every one with the six plain keys), so a step
        with no more keys than those (and ``changed``) has nothing else to take in."""
        pending = self._pending
        frames = self.frames
        eager = self.heap
        plain = _PLAIN_KEYS if assembled else -1
        step = None
        for step in steps:
            changed = step.get("changed")
            if changed:
                uid = step["frame"]
                variables = frames.get(uid)
                if variables is None:
                    variables = frames[uid] = {}
                variables.update(changed)
                if DELETED in changed.values():
                    self._assign(uid, changed)
                if len(step) == plain + 1:
                    continue
            elif len(step) == plain:
                continue  # most steps: nothing else to take in
            elsewhere = step.get("changed_elsewhere")
            if elsewhere:
                for frame, changed in elsewhere.items():
                    self._assign(int(frame), changed)
            heap = step.get("heap")
            if heap:
                for key, encoding in heap.items():
                    if eager and int(key) in eager:  # an object already rebuilt by ``apply``
                        self._apply_heap(int(key), encoding)
                    elif "type" in encoding:
                        pending[key] = [encoding]
                    else:
                        waiting = pending.get(key)
                        if waiting is not None:
                            waiting.append(encoding)
                            if len(waiting) > _PENDING_BOUND:
                                self._settle(key)
        if step is not None:
            self.index = int(step.get("step", self.index + 1))

    def _settle(self, key: str) -> None:
        """Fold the changes waiting for one heap object into its encoding: what is kept aside for an
        object the program changes on every line stays bounded (its latest encoding and a few patches)."""
        hid = int(key)
        held = self.heap.pop(hid, None)
        self.lookup(hid)
        encoding = self.heap.pop(hid, None)
        if held is not None:
            self.heap[hid] = held
        if encoding is not None:
            self._pending[key] = [encoding]

    def lookup(self, hid: int) -> dict | None:
        """The encoding of heap object ``hid`` as it is now (None if the trace never sent it)."""
        found = self.heap.get(hid)
        if found is None and self._pending:
            waiting = self._pending.pop(str(hid), None)
            if waiting:
                self._apply_all(hid, waiting)
            found = self.heap.get(hid)
        return found

    def _apply_all(self, hid: int, encodings: list[dict]) -> None:
        """``_apply_heap`` for each of ``encodings`` in turn, the commonest patch (a list's items set
        in place) taken straight: a long trace of one list's changes is mostly those."""
        current = None
        for encoding in encodings:
            if current is not None and len(encoding) == 1:
                change = encoding.get("set")
                items = current.get("items")
                if change is not None and items is not None:
                    size = len(items)
                    for index, value in change:
                        if 0 <= index < size:
                            items[index] = value
                    continue
            self._apply_heap(hid, encoding)
            current = self.heap.get(hid)

    def _apply_heap(self, hid: int, encoding: dict) -> None:
        if "type" in encoding:
            self._pending.pop(str(hid), None)
            copy = dict(encoding)
            for key in ("items", "entries"):
                if key in copy:
                    copy[key] = [list(pair) if key == "entries" else pair for pair in copy[key]]
            if "fields" in copy:
                copy["fields"] = dict(copy["fields"])
            self.heap[hid] = copy
            self._positions.pop(hid, None)
            return
        current = self.heap.get(hid) or self.lookup(hid)
        if current is None:
            return  # a patch for an object whose first encoding was not received
        if "set" in encoding:
            items = current.setdefault("items", [])
            for index, value in encoding["set"]:
                if 0 <= index < len(items):
                    items[index] = value
        if "put" in encoding:
            entries = current.setdefault("entries", [])
            positions = self._entry_positions(hid, entries)
            for key, value in encoding["put"]:
                known = _hashable(key)
                where = positions.get(known)
                if where is None:
                    positions[known] = len(entries)
                    entries.append([key, value])
                else:
                    entries[where] = [key, value]
        if "fields" in encoding:
            current.setdefault("fields", {}).update(encoding["fields"])
        if "length" in encoding:
            length = int(encoding["length"])
            if "items" in current:
                items = current["items"][:length] + list(encoding.get("append") or [])
                current["items"] = items
                shown = len(items)
            else:
                shown = len(current.get("entries", []))
            if length > shown:
                current["length"], current["cut"] = length, True
            else:
                current.pop("length", None)
                current.pop("cut", None)

    def _entry_positions(self, hid: int, entries: list) -> dict:
        positions = self._positions.get(hid)
        if positions is None or len(positions) != len(entries):
            positions = {_hashable(pair[0]): index for index, pair in enumerate(entries)}
            self._positions[hid] = positions
        return positions

    # -- reading ----------------------------------------------------------------------------------

    def variables(self, frame: int) -> dict[str, Any]:
        """The encoded variables of one frame, as they are now."""
        return dict(self.frames.get(frame, {}))

    def value(self, encoded: Any) -> Any:
        """Plain Python for an encoded value: lists, tuples, dicts, sets (as lists), ``Node``."""
        return _Materializer(self.lookup).build(encoded)

    def text(self, encoded: Any, limit: int = 300) -> str:
        """A short text of an encoded value: ``[1, 2, 3]``, ``{'a': 1}``, ``TreeNode(val=1, ...)``."""
        parts: list[str] = []
        _Writer(self.lookup, parts, limit).write(encoded, set())
        text = "".join(parts)
        return text if len(text) <= limit else text[: limit - 3] + "..."

    def refers_to(self, encoded: Any) -> set[int]:
        """The heap ids reachable from an encoded value (to tell when a mutation touches it)."""
        found: set[int] = set()
        todo = [encoded]
        while todo and len(found) < 5000:
            item = todo.pop()
            if isinstance(item, dict) and "ref" in item:
                hid = item["ref"]
                if hid in found:
                    continue
                found.add(hid)
                todo.extend(_children(self.lookup(hid) or {}))
        return found


class TrailingReplay:
    """A replay that follows a trace as it streams in, ``behind`` steps short of its end: when the
    trace is over, the state just before its last steps is ready (``replay``), and those steps
    wait in ``last``. What a summary of the end of a trace needs, without a replay at the end.
    It is fed the steps as the app assembles them (``runner.trace_steps.expand``)."""

    def __init__(self, behind: int):
        self.replay = Replay({"steps": []})
        self.last: deque[Step] = deque()
        self.behind = behind

    def feed(self, steps: list) -> None:
        last = self.last
        last.extend(steps)
        surplus = len(last) - self.behind
        if surplus > 0:
            popleft = last.popleft
            self.replay.follow([popleft() for _ in range(surplus)], assembled=True)


def _children(obj: dict) -> list:
    out = list(obj.get("items", []))
    for key, value in obj.get("entries", []):
        out.extend((key, value))
    out.extend(obj.get("fields", {}).values())
    return out


def _hashable(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return (type(value).__name__, value)


Lookup = Callable[[int], "dict | None"]


class _Materializer:
    def __init__(self, lookup: Lookup):
        self.lookup = lookup
        self.built: dict[int, Any] = {}

    def build(self, encoded: Any, depth: int = 0) -> Any:
        if not isinstance(encoded, dict):
            return encoded
        if "ref" in encoded:
            hid = encoded["ref"]
            if hid in self.built:
                return self.built[hid]
            obj = self.lookup(hid)
            if obj is None or depth > 400:
                return f"<#{hid}>"
            return self._object(hid, obj, depth)
        if "cut" in encoded and len(encoded) == 1:
            return f"<{encoded['cut']} ...>"
        if encoded.get("type") == "str":
            return str(encoded.get("value", "")) + "..."
        if encoded.get("type") in ("float", "int"):
            text = str(encoded.get("repr", ""))
            try:
                return float(text) if encoded["type"] == "float" else int(text)
            except ValueError:
                return text
        return str(encoded.get("repr", "?"))

    def _object(self, hid: int, obj: dict, depth: int) -> Any:
        kind = obj.get("type")
        if kind == "generator":
            return f"<generator {obj.get('name', '?')}>"
        if kind == "object" or kind == "class":
            name = str(obj.get("class", "object")) if kind == "object" else f"class {obj.get('name', '?')}"
            node = Node(name, ref=hid)
            self.built[hid] = node
            for name, value in obj.get("fields", {}).items():
                node.fields[name] = self.build(value, depth + 1)
            return node
        if "entries" in obj:
            mapping: dict = {}
            self.built[hid] = mapping
            for key, value in obj["entries"]:
                built_key = self.build(key, depth + 1)
                try:
                    mapping[built_key] = self.build(value, depth + 1)
                except TypeError:  # an unhashable rebuilt key (a tuple holding a list)
                    mapping[repr(built_key)] = self.build(value, depth + 1)
            return mapping
        items: list = []
        self.built[hid] = items
        items.extend(self.build(value, depth + 1) for value in obj.get("items", []))
        if kind == "tuple":
            result = tuple(items)
            self.built[hid] = result
            return result
        return items


_BRACKETS = {"list": ("[", "]"), "tuple": ("(", ")"), "set": ("{", "}"), "frozenset": ("frozenset({", "})")}


class _Writer:
    def __init__(self, lookup: Lookup, out: list[str], limit: int):
        self.lookup = lookup
        self.out = out
        self.budget = limit

    def emit(self, text: str) -> None:
        self.out.append(text)
        self.budget -= len(text)

    def write(self, encoded: Any, active: set[int]) -> None:
        if self.budget <= 0:
            return
        if not isinstance(encoded, dict):
            self.emit(_literal(encoded))
            return
        if "ref" in encoded:
            hid = encoded["ref"]
            obj = self.lookup(hid)
            if obj is None or hid in active:
                self.emit(f"<#{hid}>" if obj is None else "<cycle>")
                return
            self._object(obj, active | {hid})
            return
        if "cut" in encoded and len(encoded) == 1:
            self.emit(f"<{encoded['cut']} ...>")
        elif encoded.get("type") == "str":
            self.emit(repr(str(encoded.get("value", "")) + "..."))
        elif encoded == DELETED:
            self.emit("(deleted)")
        else:
            self.emit(str(encoded.get("repr", "?")))

    def _object(self, obj: dict, active: set[int]) -> None:
        kind = obj.get("type")
        if kind == "generator":
            self.emit(f"generator {obj.get('name', '?')}")
            return
        if kind == "object" or kind == "class":
            self.emit(f"{obj.get('class', 'object')}(" if kind == "object" else f"class {obj.get('name', '?')}(")
            for index, (name, value) in enumerate(obj.get("fields", {}).items()):
                self.emit(f", {name}=" if index else f"{name}=")
                self.write(value, active)
            self.emit(")")
            return
        if "entries" in obj:
            self.emit("{" if kind == "dict" else f"{kind}({{")
            for index, (key, value) in enumerate(obj["entries"]):
                if index:
                    self.emit(", ")
                self.write(key, active)
                self.emit(": ")
                self.write(value, active)
            closing = "}" if kind == "dict" else "})"
        else:
            items = obj.get("items", [])
            if kind == "set" and not items:
                self.emit("set()")
                return
            opening, closing = _BRACKETS.get(str(kind), (f"{kind}([", "])"))
            self.emit(opening)
            for index, value in enumerate(items):
                if index:
                    self.emit(", ")
                self.write(value, active)
            if kind == "tuple" and len(items) == 1:
                self.emit(",")
        if obj.get("cut"):
            self.emit(f", ... {obj.get('length', 0)} in all")
        self.emit(closing)


def _literal(value: Any) -> str:
    return repr(value)


def value_at(trace: dict[str, Any], variable: str, step: int | None = None) -> tuple[Any, Step | None]:
    """A variable's plain value at ``step`` (default: the last step where it was defined)."""
    replay = Replay(trace)
    found: tuple[Any, Step | None] = (None, None)
    for current in replay.walk():
        if step is not None and current["step"] > step:
            break
        variables = replay.frames.get(int(current.get("frame", 0)), {})
        if variable in variables:
            found = (variables[variable], current)
        if step is not None and current["step"] == step:
            break
    encoded, where = found
    if where is None:
        return None, None
    return replay.value(encoded), where
