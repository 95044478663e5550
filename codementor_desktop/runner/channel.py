"""The result channel on the app's side: a child's frames split, decoded and kept within bounds.

The channel is the child's alone (the learner's prints are captured in the child), but the
learner's code shares the child's process: it can find the frame writer and its nonce and write
anything on the channel. So every frame is evidence to check, never a command:

- bytes: one frame and a whole run have a ceiling (``channel_bounds``);
- decoded size: JSON decodes into Python objects up to 30 times its size (``[{},{},...]``), so
  a large frame's decoded size is estimated from its text before it is decoded
  (``decoded_cost``), every kept frame is charged what it holds, and a frame, or a run's kept
  frames, over their budget end the reading;
- kinds: each mode keeps only the kinds its harness writes, and of those only what the result
  needs (messages and captured output clipped; a test frame without unknown keys); a kind of another mode (a ``case`` or a second
  ``started`` in a judge run) or a kind nobody writes can only be forged: dropped, and a fault;
- order: nothing after ``done``; in a judge run no more results than tests.

A fault ends the run as the learner's RE ("your code wrote to the result channel", VOCABULARY.md)
and from then on the decoder keeps nothing, so a flood costs the app neither memory nor CPU.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from .child.python.compact import SHORT
from .child.wire import FRAME_TAG, Frame

CHANNEL_MESSAGE = "your code wrote to the result channel"  # VOCABULARY.md: RE, never IE
FRAME_FLOOR = 16 * 1024 * 1024  # bytes of one frame, whatever the output limit
TOTAL_FLOOR = 64 * 1024 * 1024  # bytes of a whole run's frames
STEP_BYTES = 2048  # a generous encoded trace step, with its variables
TEXT_KEPT = 16_000  # characters kept of a frame's message, traceback or captured output
PRINTED_CAP = 2 * 1024 * 1024  # at most, of a test's captured output (the run's output limit is 1 MB by default)
STRUCTURED_BUDGET = 64 * 1024 * 1024  # a run's kept frames other than results and steps, once read
SMALL_FRAME = 256 * 1024  # bytes of a frame decoded without a closer look (at most ~9 MB for a moment)

# The kinds each mode's harness writes (Python and JavaScript alike), besides the common ones.
_COMMON = frozenset({Frame.STARTED, Frame.COMPILE_ERROR, Frame.INTERNAL_ERROR, Frame.DONE})
MODE_KINDS: dict[str, frozenset[str]] = {
    "judge": _COMMON | {Frame.TEST},
    "execute": _COMMON | {Frame.EXECUTION},
    "tests": _COMMON | {Frame.CASE, Frame.COVERAGE, Frame.LOAD_ERROR},
    "trace": _COMMON | {Frame.TRACE_BATCH, Frame.TRACE_END},
    "breakpoint": _COMMON | {Frame.TRACE_BATCH, Frame.TRACE_END, "breakpoint_end"},
    "generate": _COMMON | {Frame.GENERATED, Frame.TEST},
    "batch": _COMMON | {Frame.READY, Frame.TEST, Frame.BATCH_END},
}
_KNOWN_KINDS = frozenset().union(*MODE_KINDS.values())
# Kinds a harness writes once a run: a second one is the learner's, and would only be kept.
_ONCE = frozenset({Frame.STARTED, Frame.EXECUTION, Frame.TRACE_END, "breakpoint_end", Frame.COMPILE_ERROR})

# Fields that are text for a person (a message, a traceback, captured output): kept clipped.
_CLIPPED_NAMES = ("stdout", "stderr", "error_message", "traceback", "message", "detail")
_CLIPPED = frozenset(_CLIPPED_NAMES) | {SHORT[name] for name in _CLIPPED_NAMES if name in SHORT}
_PRINTED = frozenset({"stdout", SHORT.get("stdout", "stdout")})  # a test's captured output
# A judge run's test frame: the fields the harness writes, nothing else is kept.
_TEST_NAMES = (
    "kind", "test_id", "value", "printed", "verdict", "reason", "error_type", "error_message", "line_number",
    "traceback", "stdout", "execution_time_ms", "cpu_time_ms", "line_events", "covered_lines", "capped",
)  # fmt: skip
_TEST_FIELDS = frozenset(_TEST_NAMES) | {SHORT[name] for name in _TEST_NAMES if name in SHORT}

# What decoding costs beyond the text itself, by the JSON token that makes a Python object: an
# object (a dict, 64 to 230 bytes), an array (56 and up), a string (49 and up, a quote starts and
# ends one) and a number or any value after a comma (a pointer, and 28 bytes for an int).
_OBJECT, _ARRAY, _QUOTE, _VALUE = 160, 96, 28, 32
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_TEXT_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def decoded_cost(text: bytes | str) -> int:
    """An upper estimate of the bytes ``json.loads(text)`` allocates, from counts of its tokens.

    The counts run at memory speed; when they say much more than the text, the strings are taken
    out first (brackets and commas inside a returned value's JSON text are one string's bytes)."""
    cost = token_cost(text)
    if cost > 2 * len(text) + 65_536:
        stripped = _STRING.sub(b'""', text) if isinstance(text, bytes) else _TEXT_STRING.sub('""', text)
        cost = len(text) + token_cost(stripped) - len(stripped)
    return cost


def token_cost(text: bytes | str) -> int:
    """The estimate from the token counts alone (strings' brackets and commas counted too)."""
    if isinstance(text, str):
        objects, arrays, quotes, values = text.count("{"), text.count("["), text.count('"'), text.count(",")
    else:
        objects, arrays, quotes, values = text.count(b"{"), text.count(b"["), text.count(b'"'), text.count(b",")
    return len(text) + _OBJECT * objects + _ARRAY * arrays + _QUOTE * quotes + _VALUE * values


def channel_bounds(job: Mapping[str, Any]) -> tuple[int, int]:
    """The most bytes one frame, and all of a run's frames, may take on the result channel.

    A frame carries at most a returned value (``VALUE_BYTES``, 8 MB: a list of 10^5 numbers is
    about 1 MB) and what the code printed (``output_bytes``, JSON-escaped: up to six bytes a
    character). So one frame may take ``max(16 MB, 8 x output_bytes)`` and a run four times that
    (at least 64 MB), plus ``STEP_BYTES`` a step for a trace of ``max_steps``; past either, the
    parent stops reading the child and the run is RE.
    """
    output = int((job.get("limits") or {}).get("output_bytes") or 0)
    frame = max(FRAME_FLOOR, 8 * output)
    steps = int(job.get("max_steps") or 0) if job.get("mode") == "trace" else 0
    return frame, max(TOTAL_FLOOR, 4 * frame) + STEP_BYTES * steps


def clip_text(text: str, limit: int) -> str:
    """At most ``limit`` characters of ``text``: its beginning and its end, as the children clip."""
    if len(text) <= limit:
        return text
    head, tail = limit // 2, limit - limit // 2
    return f"{text[:head]}\n... ({len(text) - limit} characters left out, {len(text)} in all) ...\n{text[-tail:]}"


def decoder_for(job: Mapping[str, Any], kind_key: str = "kind") -> FrameDecoder:
    """The decoder of ``job``'s result channel: its nonce, its bounds and its mode's kinds."""
    tests = job.get("tests") if job.get("mode") == "judge" else None
    return FrameDecoder(
        str(job.get("nonce", "")),
        *channel_bounds(job),
        kind_key=kind_key,
        mode=str(job.get("mode") or ""),
        results=[test.get("test_id") for test in tests] if isinstance(tests, list) else None,
        printed_kept=int((job.get("limits") or {}).get("output_chars_per_test") or 0),
    )


class FrameDecoder:
    """Splits a child's result channel into frames of one run (by its nonce), within bounds.

    A line that is not a frame of this run, a frame that is not a JSON object, anything after
    ``done``, a frame over ``max_frame`` bytes, a run over ``max_total`` bytes, a frame whose
    decoded size is far over its text or a run whose kept frames pass their decoded budget can
    only be the learner's code writing to the channel. The first such line is the ``fault`` (its
    reason); from then on the decoder keeps nothing. With ``mode``, only that mode's kinds are kept
    (see the module's docstring); ``results`` are the test ids whose results a judge run sends, in order.
    """

    def __init__(
        self,
        nonce: str,
        max_frame: int = FRAME_FLOOR,
        max_total: int = TOTAL_FLOOR,
        kind_key: str = "kind",
        *,
        mode: str = "",
        results: list[Any] | None = None,
        printed_kept: int = 0,
    ):
        """``printed_kept``: characters kept of a test's captured output (the job's own limit, for a
        window that shows and saves it all; bounded by the run's output limit and by ``PRINTED_CAP``)."""
        self._printed_kept = min(max(TEXT_KEPT, printed_kept), PRINTED_CAP)
        self._kind = kind_key  # "k" in a Piston run's compact frames
        self._prefix = (FRAME_TAG + nonce + ":").encode("ascii")
        self._pending = bytearray()
        self._max_frame = max_frame
        self._max_total = max_total
        # What the kept frames may take once decoded: about their bytes, since every field but
        # the few whole texts is clipped and unknown keys go (a trace's steps are bounded apart).
        self._max_decoded = 2 * max_total
        self._decoded = 0
        self._structured = 0  # ... of which frames that are not plain text (see _decode)
        self._total = 0
        self._done = False
        self._kinds = MODE_KINDS.get(mode)
        self._mode = mode
        self._due = list(results) if results is not None else None
        self._answered: set[Any] = set()
        self._seen: set[str] = set()
        self.fault: str | None = None

    def feed(self, data: bytes) -> list[dict]:
        if self.fault is not None:
            return []
        self._total += len(data)
        if self._total > self._max_total:
            return self._fail(f"more than {self._max_total // 2**20} MB of frames in one run")
        frames: list[dict] = []
        start = 0
        while self.fault is None:
            end = data.find(b"\n", start)
            if end < 0:
                break
            if len(self._pending) + end - start > self._max_frame:
                return self._fail(f"a line over {self._max_frame // 2**20} MB")
            self._pending += data[start:end]
            line, self._pending = bytes(self._pending), bytearray()
            frame = self._decode(line)
            if frame is not None:
                frames.append(frame)
            start = end + 1
        if self.fault is None:
            if len(self._pending) + len(data) - start > self._max_frame:
                return self._fail(f"a line over {self._max_frame // 2**20} MB")
            self._pending += data[start:]
        return frames

    def close(self) -> list[dict]:
        """The end of the channel: a frame cut short (the process ended mid-frame) is a fault."""
        rest, self._pending = bytes(self._pending), bytearray()
        if self.fault is not None or not rest:
            return []
        frame = self._decode(rest)
        return [frame] if frame is not None else []

    def _fail(self, reason: str) -> list[dict]:
        self.fault = reason
        self._pending = bytearray()
        return []

    def _decode(self, line: bytes) -> dict | None:
        if not line or line.isspace():
            return None  # frames are written with a newline before and after
        if not line.startswith(self._prefix):
            self._fail("a line that is not a frame of this run")
            return None
        body = memoryview(line)[len(self._prefix) :]
        cost = token_cost(line) if len(line) > SMALL_FRAME else -1  # counted when needed: -1 not yet
        # A small frame is decoded whatever it holds (at most some 35 times its bytes, for a
        # moment); a large one only when its strings aside it is about its text (a returned
        # value's JSON text is one string), never the 30 times of a forged flood.
        if len(line) > SMALL_FRAME and cost > 8 * len(line) + 8 * 2**20:
            cost = decoded_cost(line)
            if cost > 8 * len(line) + 8 * 2**20:
                self._fail(f"a frame that would take {cost // 2**20} MB once read")
                return None
        try:
            frame = json.loads(bytes(body).decode("utf-8", "strict"))
        except ValueError:
            self._fail("a frame that is not JSON")
            return None
        if not isinstance(frame, dict) or not isinstance(frame.get(self._kind), str):
            self._fail("a frame of the wrong shape")
            return None
        if self._done:
            self._fail("a frame after the end of the run")
            return None
        kept = self._kept(frame)
        if kept is None:
            return None
        # What keeping it costs: a test's result and a batch of steps are plain text by now (their
        # bytes); any other frame is charged its estimate, strings and all.
        plain = kept.get(self._kind) == Frame.TEST and self._due is not None
        plain = plain or (kept.get(self._kind) == Frame.TRACE_BATCH and isinstance(kept.get("steps"), str))
        if not plain and cost < 0:
            cost = token_cost(line)
        self._decoded += len(line) if plain else cost
        self._structured += 0 if plain else cost
        if self._decoded > self._max_decoded or self._structured > STRUCTURED_BUDGET:
            self._fail(f"more than {max(self._decoded, self._structured) // 2**20} MB of frames once read")
            return None
        return kept

    def _kept(self, frame: dict) -> dict | None:
        """The frame as the app keeps it, or None when it is dropped (and the run faulted)."""
        kind = frame[self._kind]
        if self._kinds is not None and kind not in self._kinds:
            # No harness of this mode writes it: it is not kept, and it can only be the learner's.
            self._fail(
                f"a {kind} frame in a {self._mode} run" if kind in _KNOWN_KINDS else f"a frame of no kind ({kind:.40})"
            )
            return None
        if kind in _ONCE:
            if kind in self._seen:
                self._fail(f"a second {kind} frame")
                return None
            self._seen.add(kind)
        if kind == Frame.TEST and self._due is not None:
            test_id = frame.get("test_id", frame.get(SHORT["test_id"]))
            if not self._due or test_id != self._due[0]:
                seen = isinstance(test_id, (int, str)) and test_id in self._answered
                what = "a second result for test" if seen else "a result out of turn for test"
                self._fail(f"{what} {test_id!r:.40}" if self._due else "a result for a test that was not asked for")
                return None
            self._answered.add(self._due.pop(0))
            frame = {key: value for key, value in frame.items() if key in _TEST_FIELDS}
            if any(isinstance(value, (dict, list)) for key, value in frame.items() if key != "covered_lines"):
                self._fail(f"a result of the wrong shape for test {test_id!r:.40}")
                return None
        for key, value in frame.items():
            if key in _PRINTED and isinstance(value, str) and len(value) > self._printed_kept:
                frame[key] = clip_text(value, self._printed_kept)
            elif key in _CLIPPED and key not in _PRINTED and isinstance(value, str) and len(value) > TEXT_KEPT:
                frame[key] = value[:TEXT_KEPT] + f"\n... ({len(value)} characters in all)"
        self._done = kind == Frame.DONE
        return frame
