"""The versioned messages between the app and a child: one JSON job in, framed JSON out.

A job is a plain dict (``mode``, ``language``, ``code``, ``tests`` or ``input_data``, ``limits``,
``nonce``). The child answers with frames (see ``child/frames.py``): ``started``, one ``test`` per
judged test (or ``execution``, ``trace_batch``, ...), then ``done``; ``compile_error`` and
``internal_error`` where they apply. Frames are never evaluated, only decoded as JSON.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from .child.wire import FRAME_TAG, PROTOCOL_VERSION


@dataclass(frozen=True)
class Limits:
    """Resource limits of one run; ``clamped`` keeps every value within its hard maximum."""

    timeout_seconds: float = 5.0
    run_seconds: float = 30.0
    memory_mb: int = 256
    output_bytes: int = 1024 * 1024
    output_chars_per_test: int = 2000
    file_mb: int = 16

    HARD_TIMEOUT = 10.0
    HARD_RUN = 60.0
    HARD_MEMORY = 512

    def clamped(self) -> Limits:
        return Limits(
            timeout_seconds=min(max(self.timeout_seconds, 0.1), self.HARD_TIMEOUT),
            run_seconds=min(max(self.run_seconds, 1.0), self.HARD_RUN),
            memory_mb=min(max(self.memory_mb, 16), self.HARD_MEMORY),
            output_bytes=self.output_bytes,
            output_chars_per_test=self.output_chars_per_test,
            file_mb=self.file_mb,
        )

    def wall_deadline(self, test_count: int) -> float:
        """Seconds the parent waits before it kills the child: the tests' share of the run limit."""
        per_tests = self.timeout_seconds * max(test_count, 1) + 2.0
        return min(per_tests, self.run_seconds)

    def for_child(self, test_count: int = 1) -> dict[str, Any]:
        deadline = self.wall_deadline(test_count)
        return {
            "timeout_seconds": self.timeout_seconds,
            "cpu_seconds": int(deadline) + 1,
            "memory_mb": self.memory_mb,
            "output_bytes": self.output_bytes,
            "output_chars_per_test": self.output_chars_per_test,
            "file_mb": self.file_mb,
        }


def new_job(mode: str, language: str, code: str, limits: Limits, test_count: int = 1, **fields: Any) -> dict:
    """A job ready to send: protocol version, a fresh nonce, and the limits the child applies."""
    job = {
        "v": PROTOCOL_VERSION,
        "mode": mode,
        "language": language,
        "code": code,
        "nonce": secrets.token_hex(8),
        "limits": limits.for_child(test_count),
    }
    job.update(fields)
    return job


class FrameDecoder:
    """Splits a child's stdout into frames of one run (by its nonce); everything else is noise."""

    def __init__(self, nonce: str):
        self._prefix = (FRAME_TAG + nonce + ":").encode("ascii")
        self._pending = b""
        self.noise_bytes = 0

    def feed(self, data: bytes) -> list[dict]:
        self._pending += data
        *lines, self._pending = self._pending.split(b"\n")
        return [frame for frame in (self._decode(line) for line in lines) if frame is not None]

    def close(self) -> list[dict]:
        rest, self._pending = self._pending, b""
        frame = self._decode(rest)
        return [frame] if frame is not None else []

    def _decode(self, line: bytes) -> dict | None:
        if not line.startswith(self._prefix):
            self.noise_bytes += len(line)
            return None
        try:
            frame = json.loads(line[len(self._prefix) :].decode("utf-8", "replace"))
        except ValueError:
            return None
        return frame if isinstance(frame, dict) else None


@dataclass
class ChildReport:
    """What a backend saw of one run: the frames, and how the process ended."""

    frames: list[dict] = field(default_factory=list)
    exit_code: int | None = None
    signal: int | None = None
    stderr: str = ""
    timed_out: bool = False
    cancelled: bool = False
    wall_ms: float = 0.0
    memory_exceeded: bool = False
    backend: str = "local"
    internal_error: str | None = None
    containment: list[str] = field(default_factory=list)  # the layers that held the run (VOCABULARY.md)

    def of_kind(self, kind: str) -> list[dict]:
        return [f for f in self.frames if f.get("kind") == kind]

    @property
    def finished(self) -> bool:
        return any(f.get("kind") == "done" for f in self.frames)
