"""A second tracer, written independently of the child's, to check the child's traces against.

It is as plain as a tracer can be: ``sys.settrace``, and at every event a copy of the variables
of every visible frame of the traced file, read from the live objects into a comparable form
(``snapshot``). No heap, no deltas, no cleverness: slow and obviously right. ``replayed`` turns a
``bp_trace`` result into the same form, step by step, through ``visual.replay`` as the tools read
it, so the two can be compared with ``==``.

The comparable form of a value: numbers, strings, booleans and ``None`` as themselves;
``("list", [...])``, ``("tuple", [...])``, ``("deque", [...])``, ``("set", sorted)``,
``("dict", [(key, value), ...])``, ``("object", class, {field: value})``,
``("class", name, {attribute: value})``, ``("function", name)``, ``("generator", name)``,
``("module", name)``; a container met again on the way down is ``("cycle",)``. Identity (which
names share one object) is checked separately, by ``aliases``.
"""

from __future__ import annotations

import io
import sys
from typing import Any

from codementor_desktop.visual.replay import Replay

LEARNER_MODULES = ("__main__",)
_MAX_DEPTH = 60


def wanted(name: str) -> bool:
    return not name.startswith((".", "__"))


def snapshot(value: Any, path: frozenset = frozenset(), depth: int = 0) -> Any:
    """The comparable form of a live value (see the module's docstring)."""
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        return value if value == value and abs(value) != float("inf") else ("float", repr(value))
    if id(value) in path or depth > _MAX_DEPTH:
        return ("cycle",)
    inner = path | {id(value)}

    def down(item: Any) -> Any:
        return snapshot(item, inner, depth + 1)

    name = kind.__name__
    if isinstance(value, (list, tuple)) or name == "deque":
        return (name, [down(item) for item in value])
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((down(item) for item in value), key=repr))
    if isinstance(value, dict):
        return ("dict", [(down(k), down(v)) for k, v in value.items()])
    if isinstance(value, BaseException):
        return ("exception", "%s(%s)" % (name, ", ".join(repr(a)[:80] for a in value.args[:3])))
    if name in ("function", "builtin_function_or_method", "method"):
        return ("function", getattr(value, "__name__", "?"))
    if name == "generator":
        return ("generator", value.__name__)
    if name == "module":
        return ("module", value.__name__)
    if isinstance(value, type):
        if value.__module__ not in LEARNER_MODULES:
            return ("class", value.__name__, {})
        attributes = {k: down(v) for k, v in vars(value).items() if wanted(k)}
        return ("class", value.__name__, attributes)
    if kind.__module__ in LEARNER_MODULES:
        fields = dict(vars(value)) if hasattr(value, "__dict__") else {}
        for slot in (s for klass in kind.__mro__ for s in getattr(klass, "__slots__", ())):
            if hasattr(value, slot):
                fields[slot] = getattr(value, slot)
        return ("object", name, {k: down(v) for k, v in fields.items()})
    return ("other", name)


class ReferenceTracer:
    """Records (event, line, function, visible frames) at every event of one file's code."""

    def __init__(self, filename: str):
        self.filename = filename
        self.steps: list[dict] = []
        self.hidden: dict[int, set[str]] = {}  # a module frame's names from before it ran

    def trace(self, frame, event, arg):
        if frame.f_code.co_filename != self.filename:
            return None
        if frame.f_code.co_name == "<module>" and id(frame) not in self.hidden:
            self.hidden[id(frame)] = set(frame.f_globals)
        self._record(frame, event, arg)
        return self._local

    def _local(self, frame, event, arg):
        if event in ("line", "return", "exception"):
            self._record(frame, event, arg)
        return self._local

    def _record(self, frame, event, arg):
        frames = []
        current = frame
        while current is not None:
            if current.f_code.co_filename == self.filename:
                hidden = self.hidden.get(id(current), set()) if current.f_code.co_name == "<module>" else set()
                variables = {
                    name: snapshot(value)
                    for name, value in current.f_locals.items()
                    if wanted(name) and name not in hidden
                }
                frames.append((current.f_code.co_name, variables))
            current = current.f_back
        step = {
            "event": event,
            "line": frame.f_lineno or frame.f_code.co_firstlineno,
            "function": frame.f_code.co_name,
            "frames": frames[::-1],
        }
        if event == "return":
            step["return_value"] = snapshot(arg)
        self.steps.append(step)


def reference_trace(code: str, filename: str, call: str | None = None, *args: Any) -> tuple[list[dict], str]:
    """The reference steps and what the program printed (the module, then ``call(*args)``)."""
    tracer = ReferenceTracer(filename)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    printed = io.StringIO()
    saved = sys.stdout
    sys.stdout = printed
    sys.settrace(tracer.trace)
    try:
        exec(compile(code, filename, "exec"), namespace)  # noqa: S102 - the test's own code
        if call is not None:
            namespace[call](*args)
    except Exception:  # noqa: BLE001, S110 - a program may end on an error: its steps are what count
        pass
    finally:
        sys.settrace(None)
        sys.stdout = saved
    return tracer.steps, printed.getvalue()


# -- the child's trace, in the same form ------------------------------------------------------------


def replayed(trace: dict[str, Any]) -> list[dict]:
    """Each step of a bp_trace result with the variables of every frame on the stack at that step."""
    replay = Replay(trace)
    stack: list[tuple[int, str]] = []
    out = []
    for step in replay.walk():
        if step["event"] == "call":
            stack.append((step["frame"], step["function"]))
        frames = [(name, _variables(replay, uid)) for uid, name in stack]
        entry = {"event": step["event"], "line": step["line"], "function": step["function"], "frames": frames}
        if step["event"] == "return":
            entry["return_value"] = encoded_form(replay, step.get("return_value"))
            if stack and stack[-1][0] == step["frame"]:
                stack.pop()
        out.append(entry)
    return out


def _variables(replay: Replay, uid: int) -> dict[str, Any]:
    return {name: encoded_form(replay, value) for name, value in replay.variables(uid).items()}


def encoded_form(replay: Replay, encoded: Any, path: frozenset = frozenset()) -> Any:
    """The comparable form of a value as the trace encodes it."""
    if not isinstance(encoded, dict):
        return encoded
    if "ref" in encoded:
        hid = encoded["ref"]
        obj = replay.heap.get(hid)
        if obj is None:
            return ("missing", hid)
        if hid in path:
            return ("cycle",)
        return _object_form(replay, obj, path | {hid})
    kind = encoded.get("type")
    text = str(encoded.get("repr", ""))
    if kind == "float":
        return ("float", text)
    if kind == "int":
        return int(text)
    if kind == "function":
        return ("function", text.rstrip("()").rsplit(".", 1)[-1])
    if kind == "module":
        return ("module", text.split(" ", 1)[-1])
    if kind == "class":
        return ("class", text.split(" ", 1)[-1], {})
    if kind == "exception":
        return ("exception", text)
    return ("other", kind)


def _object_form(replay: Replay, obj: dict, path: frozenset) -> Any:
    kind = obj.get("type")

    def down(item: Any) -> Any:
        return encoded_form(replay, item, path)

    if kind == "object":
        return ("object", obj.get("class"), {k: down(v) for k, v in obj.get("fields", {}).items()})
    if kind == "class":
        return ("class", obj.get("name"), {k: down(v) for k, v in obj.get("fields", {}).items()})
    if kind == "generator":
        return ("generator", obj.get("name"))
    if kind in ("set", "frozenset"):
        return ("set", sorted((down(item) for item in obj.get("items", [])), key=repr))
    if "entries" in obj:
        return ("dict", [(down(k), down(v)) for k, v in obj["entries"]])
    return (kind, [down(item) for item in obj.get("items", [])])


def differences(ours: list[dict], reference: list[dict], limit: int = 5) -> list[str]:
    """Where two step lists disagree, for a person: empty when they agree fully."""
    found = []
    if len(ours) != len(reference):
        found.append(f"{len(ours)} steps, the reference has {len(reference)}")
    for index, (mine, theirs) in enumerate(zip(ours, reference, strict=False)):
        if mine != theirs:
            for key in ("event", "line", "function", "return_value"):
                if mine.get(key) != theirs.get(key):
                    found.append(f"step {index}: {key} {mine.get(key)!r} != {theirs.get(key)!r}")
            for depth, (a, b) in enumerate(zip(mine["frames"], theirs["frames"], strict=False)):
                if a != b:
                    found.append(
                        f"step {index} ({mine['event']} line {mine['line']}), frame {depth} {a[0]}: {a[1]} != {b[1]}"
                    )
            if len(mine["frames"]) != len(theirs["frames"]):
                found.append(f"step {index}: {len(mine['frames'])} frames, the reference has {len(theirs['frames'])}")
        if len(found) >= limit:
            break
    return found
