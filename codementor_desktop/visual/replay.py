"""Replaying a trace: the variables and heap objects at any step, as values and as text.

A trace (``runner/trace_assembly.py``) sends only what changed from step to step: the variables of a frame
that changed, and the heap objects that are new (full encodings) or changed (patches). ``Replay``
applies them in order and answers "what did the program hold here?" in two forms: plain Python
values for the renderers (lists, dicts, ``Node`` objects for the learner's instances, aliasing
and cycles kept) and short text for people.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DELETED = {"deleted": True}


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

    def __init__(self, trace: dict[str, Any]):
        self.steps: list[dict] = list(trace.get("steps") or [])
        self.heap: dict[int, dict] = {}
        self.frames: dict[int, dict[str, Any]] = {}
        self._positions: dict[int, dict] = {}
        self.index = -1

    # -- advancing --------------------------------------------------------------------------------

    def apply(self, step: dict) -> None:
        """Take one step's changes into the state."""
        self._assign(int(step.get("frame", 0)), step.get("changed"))
        for frame, changed in (step.get("changed_elsewhere") or {}).items():
            self._assign(int(frame), changed)
        for key, encoding in (step.get("heap") or {}).items():
            self._apply_heap(int(key), encoding)
        self.index = int(step.get("step", self.index + 1))

    def _assign(self, frame: int, changed: dict | None) -> None:
        variables = self.frames.setdefault(frame, {})
        for name, value in (changed or {}).items():
            if value == DELETED:
                variables.pop(name, None)
            else:
                variables[name] = value

    def walk(self) -> Iterator[dict]:
        """Each step in order, with the state already advanced to it."""
        for step in self.steps:
            self.apply(step)
            yield step

    def seek(self, index: int) -> dict | None:
        """Advance to step ``index`` (from the start if it lies behind); returns that step."""
        if index < self.index:
            self.heap.clear()
            self.frames.clear()
            self._positions.clear()
            self.index = -1
        found = None
        for step in self.steps[self.index + 1 : index + 1]:
            self.apply(step)
            found = step
        return found if found is not None else (self.steps[index] if 0 <= index < len(self.steps) else None)

    def _apply_heap(self, hid: int, encoding: dict) -> None:
        if "type" in encoding:
            copy = dict(encoding)
            for key in ("items", "entries"):
                if key in copy:
                    copy[key] = [list(pair) if key == "entries" else pair for pair in copy[key]]
            if "fields" in copy:
                copy["fields"] = dict(copy["fields"])
            self.heap[hid] = copy
            self._positions.pop(hid, None)
            return
        current = self.heap.get(hid)
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
                where = positions.get(_hashable(key))
                if where is None:
                    positions[_hashable(key)] = len(entries)
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
        return _Materializer(self.heap).build(encoded)

    def text(self, encoded: Any, limit: int = 300) -> str:
        """A short text of an encoded value: ``[1, 2, 3]``, ``{'a': 1}``, ``TreeNode(val=1, ...)``."""
        parts: list[str] = []
        _Writer(self.heap, parts, limit).write(encoded, set())
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
                todo.extend(_children(self.heap.get(hid) or {}))
        return found


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


class _Materializer:
    def __init__(self, heap: dict[int, dict]):
        self.heap = heap
        self.built: dict[int, Any] = {}

    def build(self, encoded: Any, depth: int = 0) -> Any:
        if not isinstance(encoded, dict):
            return encoded
        if "ref" in encoded:
            hid = encoded["ref"]
            if hid in self.built:
                return self.built[hid]
            obj = self.heap.get(hid)
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
        if kind == "object":
            node = Node(str(obj.get("class", "object")), ref=hid)
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
    def __init__(self, heap: dict[int, dict], out: list[str], limit: int):
        self.heap = heap
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
            obj = self.heap.get(hid)
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
        if kind == "object":
            self.emit(f"{obj.get('class', 'object')}(")
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


def value_at(trace: dict[str, Any], variable: str, step: int | None = None) -> tuple[Any, dict | None]:
    """A variable's plain value at ``step`` (default: the last step where it was defined)."""
    replay = Replay(trace)
    found: tuple[Any, dict | None] = (None, None)
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
