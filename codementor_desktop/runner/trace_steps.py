"""Trace steps as the child sends them, turned into ``TraceStep`` dicts; and a trace as it is stored.

The child sends each batch of steps as JSON text (``child/python/tracer.py`` says what a step
holds). The app decodes a batch once, expands its steps into dicts for the window and the tools,
and keeps the text: a stored trace is its result without the steps, plus the batches as they
came, compressed (``TracePacker``). Nothing is encoded twice.
"""

from __future__ import annotations

import json
import logging
import zlib
from typing import TYPE_CHECKING, Any

from ..domain.collector import collector_paused
from .child.wire import CALL, EVENT_NAMES, RETURN

if TYPE_CHECKING:
    from .child.wire import EncodedStep, TraceStep

log = logging.getLogger(__name__)
WIRE_BATCHES = "wire_batches"  # a stored trace's key for its batches, as the child sent them
_UNKNOWN = ("?", 0)


def expand(batch: list[EncodedStep], first: int, frames: dict[int, tuple[str, int]]) -> list[TraceStep]:
    """The steps of one batch as dicts, numbered from ``first``; ``frames`` (frame -> function and
    depth, from the call steps) is kept across batches. A malformed step is skipped and logged."""
    out: list[TraceStep] = []
    index = first
    for item in batch:
        try:
            event, line, uid = item[0], item[1], item[2]
            name = EVENT_NAMES[event]
            size = len(item)
            extra = item[6] if size > 6 else None
            if event == CALL and extra:
                frames[uid] = (str(extra.get("function", "?")), extra.get("depth", 0))
            function, depth = frames.get(uid, _UNKNOWN)
            step: TraceStep = {"step": index, "event": name, "line": line, "function": function, "depth": depth,
                               "frame": uid}  # fmt: skip
            if size > 3:
                if item[3]:
                    step["changed"] = item[3]
                if size > 5:
                    if item[4]:
                        step["heap"] = item[4]
                    if item[5]:
                        step["stdout"] = item[5]
                    if extra:
                        _details(step, event, extra)
                    if size > 7 and item[7]:
                        step["changed_elsewhere"] = item[7]
        except (TypeError, IndexError, KeyError, AttributeError):
            log.warning("a malformed trace step was skipped")
            continue
        out.append(step)
        index += 1
    return out


def _details(step: TraceStep, event: int, extra: dict) -> None:
    if event == RETURN:
        step["return_value"] = extra.get("value")
    if "exception" in extra:
        step["exception"] = extra["exception"]
    if event == CALL and extra.get("parent") is not None:
        step["parent"] = extra["parent"]
    if extra.get("yielded"):
        step["yielded"] = True
    if extra.get("resumed"):
        step["resumed"] = True


class TracePacker:
    """What the run store keeps of a trace, packed as the batches stream in: one JSON document, the
    batches' text as the child sent it and then the result without its steps, zlib-compressed
    (``restored_trace`` turns it back). Compressing on the way keeps it off the end of the run."""

    def __init__(self) -> None:
        self._zip = zlib.compressobj(1)
        self._parts = [self._zip.compress(f'{{"{WIRE_BATCHES}":['.encode())]
        self._separator = ""

    def add(self, batch: str) -> None:
        self._parts.append(self._zip.compress((self._separator + batch).encode("utf-8")))
        self._separator = ","

    def packed(self, result: dict[str, Any]) -> bytes:
        """The whole stored form, once ``result`` (whose steps are the batches added) is complete."""
        rest = json.dumps({key: value for key, value in result.items() if key != "steps"}, separators=(",", ":"))
        tail = "]" + ("," + rest[1:] if len(rest) > 2 else "}")
        return b"".join([*self._parts, self._zip.compress(tail.encode("utf-8")), self._zip.flush()])


def restored_trace(stored: dict[str, Any]) -> dict[str, Any]:
    """A trace read back from the run store, with its steps expanded again."""
    batches = stored.pop(WIRE_BATCHES, None)
    if batches is None:
        return stored
    frames: dict[int, tuple[str, int]] = {}
    steps: list[TraceStep] = []
    with collector_paused():
        for batch in batches:
            steps.extend(expand(batch, len(steps), frames))
    stored["steps"] = steps
    return stored
