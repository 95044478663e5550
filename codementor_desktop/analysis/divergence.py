"""Where the learner's trace and the reference's trace on the same failing input first disagree.

Both traces are the tracer's steps (``bp_trace``'s ``steps``) handed in as data. Two ways to line
them up, each conservative (no claim when the alignment is unclear):

- step by step, while both run the same statement text in the same order: the first step where a
  value the previous statement assigned differs, a return value differs, or the next statement
  differs because a branch went the other way (then the comparison just before is named);
- by function calls: the first call of the learner's code (in the order calls return) that has a
  call of the same function with equal arguments in the reference's trace, returning another value.

A step's ``changed`` holds what the previous statement of its frame assigned; the tracer's heap
objects are resolved to compare lists and dicts by content.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_BRANCH = re.compile(r"^\s*(if|elif|while|for|else)\b|[<>]=?|==|!=|\?|\bin\b")


@dataclass(frozen=True)
class Divergence:
    """The learner's line where the traces part, and what was seen there."""

    line: int
    kind: str  # "value" (an assigned value), "return" (a returned value), "branch" (a comparison), "call"
    detail: str  # a plain sentence: "best was 6 where the reference had 5"


def first_divergence(
    learner: Sequence[Mapping[str, Any]],
    reference: Sequence[Mapping[str, Any]],
    learner_source: str,
    reference_source: str,
) -> Divergence | None:
    """The first disagreement of the two traces, or None when they cannot be lined up."""
    mine, theirs = _Trace(learner, learner_source), _Trace(reference, reference_source)
    if not mine.steps or not theirs.steps:
        return None
    return _lockstep(mine, theirs) or _by_calls(mine, theirs)


class _Trace:
    def __init__(self, steps: Sequence[Mapping[str, Any]], source: str):
        self.lines = source.splitlines()
        self.steps = [s for s in steps if isinstance(s, Mapping) and s.get("function") != "<module>"]
        self.heap: dict[str, Any] = {}

    def text(self, step: Mapping[str, Any]) -> str:
        number = int(step.get("line") or 0)
        return self.lines[number - 1].strip() if 0 < number <= len(self.lines) else ""

    def has_text(self, text: str) -> bool:
        return any(line.strip() == text for line in self.lines)

    def see(self, step: Mapping[str, Any]) -> None:
        heap = step.get("heap")
        if isinstance(heap, Mapping):
            self.heap.update({str(k): v for k, v in heap.items()})

    def value(self, value: Any, depth: int = 0) -> Any:
        """A traced value with its heap references replaced by their contents."""
        if isinstance(value, Mapping) and "ref" in value and depth < 4:
            target = self.heap.get(str(value["ref"]))
            return self.value(target, depth + 1) if target is not None else "?"
        if isinstance(value, Mapping):
            return {k: self.value(v, depth + 1) for k, v in value.items() if k not in ("id", "address")}
        if isinstance(value, list):
            return [self.value(v, depth + 1) for v in value]
        return value


def _shown(value: Any) -> str:
    if isinstance(value, Mapping) and "items" in value:
        value = value["items"]
    try:
        text = json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _lockstep(mine: _Trace, theirs: _Trace) -> Divergence | None:
    previous: dict[Any, int] = {}  # frame -> the learner's last line in it
    aligned = 0
    for index, (a, b) in enumerate(zip(mine.steps, theirs.steps, strict=False)):
        mine.see(a)
        theirs.see(b)
        frame = a.get("frame")
        if a.get("event") != b.get("event") or mine.text(a) != theirs.text(b):
            return _parted(mine, theirs, index, previous.get(frame), aligned)
        changed = _differs(mine, theirs, a.get("changed"), b.get("changed"))
        if changed is not None and frame in previous:
            name, got, want = changed
            return Divergence(previous[frame], "value", f"{name} became {got} where the reference's became {want}")
        if a.get("event") == "return" and "return_value" in a and "return_value" in b:
            got, want = mine.value(a["return_value"]), theirs.value(b["return_value"])
            if got != want:
                return Divergence(
                    int(a.get("line") or 0),
                    "return",
                    f"{a.get('function')} returned {_shown(got)} where the reference returned {_shown(want)}",
                )
        if a.get("event") == "return":
            previous.pop(frame, None)
        else:
            previous[frame] = int(a.get("line") or 0)
        aligned += a.get("event") == "line"  # a matching ``def`` line alone says nothing
    return None


def _parted(mine: _Trace, theirs: _Trace, index: int, before: int | None, aligned: int) -> Divergence | None:
    """The traces run different statements here: a branch went the other way, or the code differs."""
    a, b = mine.steps[index], theirs.steps[index]
    if aligned == 0:
        return None  # nothing lined up: two different programs, no claim
    here, there = mine.text(a), theirs.text(b)
    if mine.has_text(there) and theirs.has_text(here) and before is not None:
        # Both statements exist in both programs: the choice before them went the other way.
        text = mine.lines[before - 1] if 0 < before <= len(mine.lines) else ""
        if _BRANCH.search(text):
            return Divergence(before, "branch", f"the comparison on line {before} went the other way")
        return None
    if a.get("event") == "line" and b.get("event") == "line" and _only_difference(mine, theirs, a, b):
        line = int(a.get("line") or 0)
        after = _next_values(mine, theirs, index)
        if after is not None:
            name, got, want = after
            return Divergence(line, "value", f"line {line} made {name} {got} where the reference's made it {want}")
        what = "the comparison on" if _BRANCH.search(here) else "the statement on"
        return Divergence(line, "statement", f"{what} line {line} is the first one that differs from the reference's")
    return None


def _only_difference(mine: _Trace, theirs: _Trace, a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The two programs differ in this statement alone (every other line reads the same): then the
    statement is the difference; two programs written apart (other names, other order) claim nothing."""
    if len(mine.lines) != len(theirs.lines) or a.get("line") != b.get("line"):
        return False
    differing = [i for i, (x, y) in enumerate(zip(mine.lines, theirs.lines, strict=True)) if x.strip() != y.strip()]
    return differing == [int(a.get("line") or 0) - 1]


def _next_values(mine: _Trace, theirs: _Trace, index: int) -> tuple[str, str, str] | None:
    """What the differing statement assigned, when both traces go on to the same statement."""
    if index + 1 >= min(len(mine.steps), len(theirs.steps)):
        return None
    a, b = mine.steps[index + 1], theirs.steps[index + 1]
    if mine.text(a) != theirs.text(b) or a.get("frame") != mine.steps[index].get("frame"):
        return None
    mine.see(a)
    theirs.see(b)
    return _differs(mine, theirs, a.get("changed"), b.get("changed"))


def _differs(mine: _Trace, theirs: _Trace, got: Any, want: Any) -> tuple[str, str, str] | None:
    got = got if isinstance(got, Mapping) else {}
    want = want if isinstance(want, Mapping) else {}
    for name in sorted(set(got) | set(want)):
        if name not in got or name not in want:
            continue  # assigned in one trace only: the branch check sees it next
        mine_value, their_value = mine.value(got[name]), theirs.value(want[name])
        if mine_value != their_value:
            return name, _shown(mine_value), _shown(their_value)
    return None


def _calls(trace: _Trace) -> list[tuple[str, str, Any, int]]:
    """(function, arguments, returned value, return line) of every call, in the order they return."""
    open_calls: dict[Any, tuple[str, str]] = {}
    done = []
    for step in trace.steps:
        trace.see(step)
        if step.get("event") == "call":
            arguments = trace.value(dict(step.get("changed") or {}))
            open_calls[step.get("frame")] = (str(step.get("function")), json.dumps(arguments, sort_keys=True))
        elif step.get("event") == "return" and step.get("frame") in open_calls and "return_value" in step:
            name, arguments = open_calls.pop(step.get("frame"))
            done.append((name, arguments, trace.value(step["return_value"]), int(step.get("line") or 0)))
    return done


def _by_calls(mine: _Trace, theirs: _Trace) -> Divergence | None:
    mine.heap.clear()
    theirs.heap.clear()
    expected = {(name, arguments): value for name, arguments, value, _ in _calls(theirs)}
    # The outermost call's wrong answer is the failing test itself, not a place: only the calls
    # inside it (a recursion, a helper) can say where.
    for name, arguments, value, line in _calls(mine)[:-1]:
        want = expected.get((name, arguments))
        if (name, arguments) in expected and want != value:
            shown = ", ".join(_shown(v) for v in json.loads(arguments).values())
            return Divergence(
                line,
                "call",
                f"{name}({shown}) returned {_shown(value)} where the reference's returns {_shown(want)}",
            )
    return None
