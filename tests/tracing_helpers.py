"""Real traces made in this process by the child's own tracer: fast inputs for renderer tests.

The steps go through the same JSON round trip and the same assembler as a child process's, so
what the renderers receive is what bp_trace returns; only the process boundary is skipped.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from codementor_desktop.runner.child.python import sandbox
from codementor_desktop.runner.child.python import tracer as child_tracer
from codementor_desktop.runner.protocol import ChildReport
from codementor_desktop.runner.trace_assembly import TraceAssembler

FILENAME = "<traced solution>"


class MemoryWriter:
    """A frame writer that keeps the frames, after the JSON round trip a child's frames take."""

    def __init__(self) -> None:
        self.frames: list[dict] = []

    def send(self, kind: str, **payload: Any) -> None:
        payload["kind"] = kind
        self.frames.append(json.loads(json.dumps(payload)))

    __call__ = send

    def send_steps(self, first: int, steps: list) -> None:
        self.send("trace_batch", first=first, steps=json.dumps(steps))  # as FrameWriter: JSON text


def traced_frames(code: str, call: str | None = None, *args: Any, max_steps: int = 1_000_000) -> tuple[list, Any]:
    """The frames a child would send for ``code`` (then ``call(*args)``), and what the call returned."""
    writer = MemoryWriter()
    printed = sandbox.CapturedOutput(sandbox.OutputBudget(1 << 20))
    tracer = child_tracer.Tracer(FILENAME, code, writer, printed, max_steps=max_steps, seconds=60)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    value = None
    saved = sys.stdout
    sys.stdout = printed
    sys.settrace(tracer.trace_call)
    ending: dict[str, Any] = {"reason": "finished"}
    try:
        exec(compile(code, FILENAME, "exec"), namespace)  # noqa: S102 - the test's own code
        if call is not None:
            value = namespace[call](*args)
    except Exception as exc:  # noqa: BLE001 - the program's error ends its trace, as in the child
        ending = {"reason": "exception", "error_message": f"{type(exc).__name__}: {exc}"}
    finally:
        sys.settrace(None)
        sys.stdout = saved
    tracer.flush()
    if ending["reason"] == "finished":
        ending["return_value"] = tracer.encode(value)
    tracer.close(ending)
    return writer.frames, value


def trace_in_process(code: str, call: str | None = None, *args: Any, max_steps: int = 1_000_000) -> tuple[dict, Any]:
    """The trace result of running ``code`` (then ``call(*args)``), and what the call returned."""
    frames, value = traced_frames(code, call, *args, max_steps=max_steps)
    assembler = TraceAssembler()
    for frame in frames:
        assembler.feed(frame)
    result = assembler.result(ChildReport(frames=frames), max_steps)
    result["source_lines"] = code.splitlines()
    return result, value
