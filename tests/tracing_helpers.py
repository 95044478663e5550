"""Real traces made in this process by the child's own tracer: fast inputs for renderer tests.

The steps go through the same JSON round trip and the same assembler as a child process's, so
what the renderers receive is what bp_trace returns; only the process boundary is skipped.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from codementor_desktop.runner.child.python import tracer as child_tracer
from codementor_desktop.runner.protocol import ChildReport
from codementor_desktop.runner.trace_assembly import TraceAssembler

FILENAME = "<traced solution>"


def trace_in_process(code: str, call: str | None = None, *args: Any, max_steps: int = 1_000_000) -> tuple[dict, Any]:
    """The trace result of running ``code`` (then ``call(*args)``), and what the call returned."""
    frames: list[dict] = []

    def send(kind: str, **payload: Any) -> None:
        payload["kind"] = kind
        frames.append(json.loads(json.dumps(payload)))

    tracer = child_tracer.Tracer(FILENAME, code, send, None, max_steps=max_steps, seconds=60)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    value = None
    sys.settrace(tracer.trace_call)
    try:
        exec(compile(code, FILENAME, "exec"), namespace)  # noqa: S102 - the test's own code
        if call is not None:
            value = namespace[call](*args)
    finally:
        sys.settrace(None)
    tracer.flush()
    end = {"reason": "finished", "return_value": tracer.encode(value)}
    end.update(tracer.end_payload())
    send("trace_end", **end)
    assembler = TraceAssembler()
    for frame in frames:
        assembler.feed(frame)
    result = assembler.result(ChildReport(frames=frames), max_steps)
    result["source_lines"] = code.splitlines()
    return result, value
