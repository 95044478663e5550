"""Long tools over MCP: progress notifications when the client asks for them, and a cancellation
from the client that stops the learner's child for real (the process is gone, read from /proc)."""

from __future__ import annotations

import json

import anyio
import pytest

from tests.integration.mcp_session import alive, descendants, learner_children, mcp_session, server_pid

LONG_LOOP = "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n"
ENDLESS = "def f(x):\n    while True:\n        x += 1\n"

pytestmark = pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="reads /proc")


def test_a_long_trace_sends_progress_notifications(tmp_path):
    arguments = {"language": "python", "code": LONG_LOOP, "input_data": 60_000, "max_steps": 100_000}
    received: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        received.append((progress, total, message))

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            result = await session.call_tool("bp_trace", arguments, progress_callback=on_progress)
            count = len(received)
            quiet = await session.call_tool("bp_trace", arguments)  # no progress token: no notification
            return result, quiet, count

    result, quiet, count = anyio.run(test)
    assert not result.is_error and result.structured_content["trace_id"].startswith("trace_")
    assert result.structured_content["total_steps"] == 100_000  # capped at max_steps: the model got a summary
    assert received, "no progress notification arrived"
    fractions = [p for p, _t, _m in received]
    assert fractions == sorted(set(fractions)) and all(0 < p <= 1 for p in fractions)  # each one larger
    assert all(total == 1.0 and "steps traced" in (message or "") for _p, total, message in received)
    assert not quiet.is_error and len(received) == count


def test_a_cancelled_call_kills_the_child_and_the_session_goes_on(tmp_path):
    arguments = {"language": "python", "code": ENDLESS, "input_data": 1, "timeout_seconds": 10}
    seen: dict[str, set[int]] = {}

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            server = server_pid()
            before = descendants(server)
            async with anyio.create_task_group() as calls:
                calls.start_soon(session.call_tool, "bp_execute", arguments)
                with anyio.fail_after(60):  # a busy machine may be slow to start the child
                    while not learner_children(server):
                        await anyio.sleep(0.02)
                await anyio.sleep(0.3)  # inside the endless loop by now
                # The learner's child and whatever holds it (bubblewrap's processes, where it is used).
                seen["children"] = descendants(server) - before
                running = learner_children(server)
                assert running and running <= seen["children"] and all(alive(pid) for pid in running)
                calls.cancel_scope.cancel()
            # Well before the run's own 10 s limit: the cancellation killed it.
            with anyio.fail_after(5):
                while any(alive(pid) for pid in seen["children"]):
                    await anyio.sleep(0.02)
            after = await session.call_tool("bp_execute", {**arguments, "code": "def f(x):\n    return x\n"})
            return after

    after = anyio.run(test)
    assert seen["children"]
    assert not after.is_error and after.structured_content["return_value"] == "1"
    log = (tmp_path / "stderr.txt").read_text()
    assert "Traceback" not in log
    audit = [json.loads(line) for line in audit_lines()]
    assert [entry["outcome"] for entry in audit if entry["tool"] == "bp_execute"][-2] == "cancelled"


def audit_lines() -> list[str]:
    from codementor_desktop.storage.paths import AppPaths

    return AppPaths.discover().audit_log.read_text().splitlines()
