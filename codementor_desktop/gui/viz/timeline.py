"""The state of a trace at any step, computed ahead in small slices and kept as checkpoints.

A trace arrives as steps that hold only what changed (see ``visual.replay``). ``TraceTimeline``
replays them once, front to back, in slices of a few milliseconds (``work``), and keeps a copy of
the state every few hundred steps. The state at any step is then the nearest checkpoint plus at
most that many steps, so moving the step cursor never replays the whole trace, and a step the
pass has not reached yet is reported as not ready (``None``) instead of being waited for.
Observers (the variable log, the line flow) see every step once, in the same pass.

Qt-free: the panel calls ``work`` from a timer. Steps are appended while a trace streams.
"""

from __future__ import annotations

import time
from array import array
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ...visual.replay import Replay

if TYPE_CHECKING:
    from .declared_shapes import DeclaredShape

CHECKPOINT_EVERY = 256
HIDDEN_TYPES = ("function", "class", "module", "generator")


@dataclass
class FrameInfo:
    """One frame on the call stack at a step: which call it is and the line it is on."""

    uid: int
    function: str
    line: int
    depth: int


@dataclass
class StepState:
    """What the program held at one step. ``replay`` is shared: valid until the next ``state_at``."""

    index: int
    step: dict
    replay: Replay
    stack: list[FrameInfo]  # outermost first; the running frame last
    module_uid: int | None = None

    @property
    def frame(self) -> int:
        return int(self.step.get("frame", 0))

    def variables(self, uid: int | None = None) -> dict[str, Any]:
        """The encoded variables of a frame (the running one by default)."""
        return self.replay.frames.get(self.frame if uid is None else uid, {})

    def lookup(self, name: str) -> tuple[int, Any] | None:
        """Where a name is found from the running frame outwards, then among the module's globals."""
        for frame in reversed(self.stack):
            found = self.replay.frames.get(frame.uid, {})
            if name in found:
                return frame.uid, found[name]
        if self.module_uid is not None and name in self.replay.frames.get(self.module_uid, {}):
            return self.module_uid, self.replay.frames[self.module_uid][name]
        return None

    def names_in_scope(self) -> list[str]:
        """Names from the running frame outwards, then globals; functions and classes left out."""
        seen: dict[str, None] = {}
        uids = [f.uid for f in reversed(self.stack)]
        if self.module_uid is not None:
            uids.append(self.module_uid)
        for uid in uids:
            for name, value in self.replay.frames.get(uid, {}).items():
                if not (isinstance(value, dict) and value.get("type") in HIDDEN_TYPES):
                    seen.setdefault(name, None)
        return list(seen)


class Observer(Protocol):
    def feed(self, step: dict, replay: Replay) -> None: ...


@dataclass
class _Cursor:
    """A replay that shares its heap objects with the checkpoints and copies one before changing it.

    A checkpoint is then a copy of two dicts (heap ids and frames to the same objects), made in
    microseconds whatever the heap holds, instead of a copy of every object.
    """

    replay: Replay
    stack: list[FrameInfo] = field(default_factory=list)
    index: int = -1
    owned: set[int] = field(default_factory=set)  # heap ids copied since the last snapshot
    owned_frames: set[int] = field(default_factory=set)

    def advance(self, step: dict) -> None:
        heap = self.replay.heap
        patches = step.get("heap")
        if patches:
            for key, encoding in patches.items():
                hid = int(key)
                if hid not in self.owned:
                    if "type" not in encoding and hid in heap:  # a patch changes the object in place
                        heap[hid] = _copy_object(heap[hid])
                    self.owned.add(hid)
        uid = int(step.get("frame", 0))
        if uid not in self.owned_frames:
            frames = self.replay.frames
            if uid in frames:
                frames[uid] = dict(frames[uid])
            self.owned_frames.add(uid)
        self.replay.apply(step)
        depth = max(1, int(step.get("depth", 1)))
        stack = self.stack
        del stack[depth:]
        if len(stack) == depth and stack[-1].uid == uid:
            stack[-1].line = int(step.get("line", 0))
        else:
            while len(stack) < depth - 1:  # frames the trace's filter left out
                stack.append(FrameInfo(-1, "?", 0, len(stack) + 1))
            stack[depth - 1 :] = [FrameInfo(uid, str(step.get("function", "?")), int(step.get("line", 0)), depth)]
        self.index += 1

    def snapshot(self) -> _Cursor:
        """A cursor at the same step, sharing every object: from now on each copies before changing."""
        replay = Replay({})
        replay.heap = dict(self.replay.heap)
        replay.frames = dict(self.replay.frames)
        replay.index = self.replay.index
        self.owned = set()
        self.owned_frames = set()
        return _Cursor(replay, [FrameInfo(f.uid, f.function, f.line, f.depth) for f in self.stack], self.index)


def _copy_object(obj: dict) -> dict:
    # Replay patches items, entries and fields in place, and replaces everything else.
    copy = dict(obj)
    for key in ("items", "entries"):
        if key in copy:
            copy[key] = list(copy[key])
    if "fields" in copy:
        copy["fields"] = dict(copy["fields"])
    return copy


class TraceTimeline:
    """Steps as they arrive, the pass that replays them, and the state at any step."""

    def __init__(self, steps: Iterable[dict] = (), source: str = "", checkpoint_every: int = CHECKPOINT_EVERY):
        self.steps: list[dict] = []
        self.source = source
        self.shapes: dict[str, DeclaredShape] = {}  # the problem's declared shapes, by parameter name
        self.depths = array("i")
        self.lines = array("i")
        self.frames = array("i")
        self.heap_steps: list[int] = []  # the steps that changed the heap
        self.every = checkpoint_every
        self.module_uid: int | None = None
        self._source_lines: tuple[str, list[str]] | None = None
        self.observers: list[Observer] = []
        self._front = _Cursor(Replay({}))
        self._checkpoints: list[_Cursor] = [self._front.snapshot()]
        self._checkpoint_at = [-1]
        self._since_checkpoint = 0
        self._slots: dict[str, _Cursor] = {}
        self._out_steps: list[int] = []
        self._out_ends: list[int] = []
        self._out_chunks: list[str] = []
        self._out_joined = ("", 0)
        self.extend(steps)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def computed(self) -> int:
        """How many steps the pass has replayed: states exist for steps below this."""
        return self._front.index + 1

    @property
    def done(self) -> bool:
        return self.computed >= len(self.steps)

    def extend(self, steps: Iterable[dict]) -> None:
        """Take more steps (a batch of a streaming trace); the pass replays them later."""
        for step in steps:
            index = len(self.steps)
            self.steps.append(step)
            self.depths.append(int(step.get("depth", 1)))
            self.lines.append(int(step.get("line", 0)))
            self.frames.append(int(step.get("frame", 0)))
            if step.get("heap"):
                self.heap_steps.append(index)
            if self.module_uid is None and step.get("function") == "<module>":
                self.module_uid = int(step.get("frame", 0))
            text = step.get("stdout")
            if text:
                self._out_steps.append(index)
                self._out_ends.append((self._out_ends[-1] if self._out_ends else 0) + len(text))
                self._out_chunks.append(text)

    def work(self, seconds: float = 0.008) -> bool:
        """Replay steps for about ``seconds``; True while steps remain to replay."""
        deadline = time.perf_counter() + seconds
        front = self._front
        steps = self.steps
        observers = self.observers
        while front.index + 1 < len(steps):
            for _ in range(16):
                if front.index + 1 >= len(steps):
                    break
                step = steps[front.index + 1]
                front.advance(step)
                for observer in observers:
                    observer.feed(step, front.replay)
                self._since_checkpoint += 1
                if self._since_checkpoint >= self.every:
                    self._checkpoints.append(front.snapshot())
                    self._checkpoint_at.append(front.index)
                    self._since_checkpoint = 0
            if time.perf_counter() > deadline:
                break
        return not self.done

    def state_at(self, index: int, slot: str = "view") -> StepState | None:
        """The state at step ``index``, or None when the pass has not reached it yet.

        Each ``slot`` keeps its own replay, so a look ahead ("peek") does not move the view's.
        """
        if not 0 <= index < self.computed:
            return None
        cursor = self._slots.get(slot)
        nearest = bisect_right(self._checkpoint_at, index) - 1
        if cursor is None or cursor.index > index or cursor.index < self._checkpoint_at[nearest]:
            cursor = self._checkpoints[nearest].snapshot()
            self._slots[slot] = cursor
        steps = self.steps
        while cursor.index < index:
            cursor.advance(steps[cursor.index + 1])
        return StepState(index, steps[index], cursor.replay, list(cursor.stack), self.module_uid)

    def stdout_end(self, index: int) -> int:
        """How many characters were printed up to and including step ``index``."""
        count = bisect_right(self._out_steps, index)
        return self._out_ends[count - 1] if count else 0

    def stdout_until(self, index: int, limit: int = 20_000) -> str:
        """What the program printed up to and including step ``index`` (its last ``limit`` characters)."""
        count = bisect_right(self._out_steps, index)
        if not count:
            return ""
        joined, chunks = self._out_joined
        if chunks != len(self._out_chunks):
            joined = "".join(self._out_chunks)
            self._out_joined = (joined, len(self._out_chunks))
        end = self._out_ends[count - 1]
        return joined[max(0, end - limit) : end]

    def touched_between(self, first: int, second: int, limit: int = 500) -> set[int] | None:
        """The heap ids created or changed by the steps between two steps (the later one included);
        None when more than ``limit`` steps changed the heap there (cheaper to look again)."""
        low, high = sorted((first, second))
        start, end = bisect_right(self.heap_steps, low), bisect_right(self.heap_steps, high)
        if end - start > limit:
            return None
        touched: set[int] = set()
        for position in range(start, end):
            touched.update(int(key) for key in self.steps[self.heap_steps[position]]["heap"])
        return touched

    def source_line(self, line: int) -> str:
        """The text of a line of the traced code ('' when unknown)."""
        lines = self._source_lines
        if lines is None or lines[0] != self.source:
            lines = self._source_lines = (self.source, self.source.splitlines())
        text = lines[1][line - 1].strip() if 1 <= line <= len(lines[1]) else ""
        return text if len(text) <= 60 else text[:59] + "…"

    def last_line_of_frame(self, uid: int, before: int) -> int | None:
        """The line a frame was on at its last step before ``before`` (the line that just ran in it)."""
        frames = self.frames
        for index in range(min(before, len(frames)) - 1, -1, -1):
            if frames[index] == uid:
                return self.lines[index]
        return None

    def first_step_on_line(self, line: int, after: int = -1) -> int | None:
        """The first step after ``after`` that runs ``line``."""
        lines = self.lines
        for index in range(after + 1, len(lines)):
            if lines[index] == line:
                return index
        return None
