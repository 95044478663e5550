"""How variables changed through a trace, gathered step by step in the timeline's pass (Qt-free).

Numbers become series (step, value) for the plot; every other value becomes a row of the change
table with its text. As in ``bp_variable_history``, a variable is followed by name in whichever
frame is running. A list or dict changed in place (``seen.append(x)``) counts as a change of the
variables that refer to it, directly or one level down (a row of a grid).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any

from ...visual.replay import DELETED, Replay
from .timeline import HIDDEN_TYPES

TEXT_LIMIT = 120


@dataclass(frozen=True)
class Change:
    step: int
    line: int
    function: str
    name: str
    text: str


class Series:
    """The values one numeric variable took, at the steps where it changed."""

    def __init__(self, name: str):
        self.name = name
        self.steps = array("d")
        self.values = array("d")

    def __len__(self) -> int:
        return len(self.steps)


class VariableLog:
    """Series of numeric variables and the changes of the others, fed one step at a time."""

    def __init__(self) -> None:
        self.series: dict[str, Series] = {}
        self.changes: list[Change] = []
        self.change_steps = array("i")  # the step of each change, for finding a step's row
        self.version = 0

    def feed(self, step: dict, replay: Replay) -> None:
        changed = step.get("changed") or {}
        index = int(step.get("step", 0))
        for name, value in changed.items():
            if value == DELETED:
                continue
            number = _number(value)
            if number is not None:
                series = self.series.get(name)
                if series is None:
                    series = self.series[name] = Series(name)
                series.steps.append(index)
                series.values.append(number)
                self.version += 1
            elif not (isinstance(value, dict) and value.get("type") in HIDDEN_TYPES):
                self._text(step, name, value, replay)
        patched = step.get("heap")
        if patched:
            touched = {int(key) for key in patched}
            variables = replay.frames.get(int(step.get("frame", 0)), {})
            for name, value in variables.items():
                if name not in changed and isinstance(value, dict) and "ref" in value:
                    if reaches(replay, int(value["ref"]), touched):
                        self._text(step, name, value, replay)

    def _text(self, step: dict, name: str, value: Any, replay: Replay) -> None:
        text = replay.text(value, TEXT_LIMIT)
        index = int(step.get("step", 0))
        self.changes.append(Change(index, int(step.get("line", 0)), str(step.get("function", "?")), name, text))
        self.change_steps.append(index)
        self.version += 1


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict) and value.get("type") in ("int", "float") and len(value) == 2:
        try:
            return float(str(value.get("repr")))
        except ValueError:
            return None
    return None


def reaches(replay: Replay, ref: int, touched: set[int]) -> bool:
    """Whether object ``ref``, or an object it holds directly, is among ``touched``."""
    if ref in touched:
        return True
    obj = replay.heap.get(ref) or {}
    inner: list = list(obj.get("items", ()))
    for pair in obj.get("entries", ()):
        inner.extend(pair)
    inner.extend(obj.get("fields", {}).values())
    return any(isinstance(item, dict) and item.get("ref") in touched for item in inner)
