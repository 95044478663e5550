"""A tool's progress, from the worker thread that runs it to the client's progress notifications.

The tools report through ``ToolContext.progress(fraction, text)`` on the thread that runs them
(a trace after each batch of steps, a Submit after each test, the edge-case search per round).
The relay keeps only the latest report; a task on the event loop sends it, at most every
``interval`` seconds and only when the fraction has grown (MCP asks each notification's progress
to increase). The message carries the time spent so far, so a client shows a run is alive.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable

import anyio

Send = Callable[[float, float | None, str | None], Awaitable[None]]


class ProgressRelay:
    """Collects reports on any thread; ``pump`` sends them from the event loop."""

    def __init__(self, send: Send, interval: float = 0.2):
        self._send = send
        self._interval = interval
        self._lock = threading.Lock()
        self._latest: tuple[float, str] | None = None
        self._sent = -1.0
        self._started = time.monotonic()
        self.notifications = 0

    def report(self, fraction: float, text: str) -> None:
        """The ``ToolContext.progress`` callback: cheap, called on the tool's thread."""
        with self._lock:
            self._latest = (fraction, text)

    async def pump(self) -> None:
        """Send the latest report every ``interval`` until cancelled."""
        while True:
            await self.flush()
            await anyio.sleep(self._interval)

    async def flush(self) -> None:
        """Send the latest report if it moved on since the last one sent."""
        with self._lock:
            latest = self._latest
        if latest is None or latest[0] <= self._sent:
            return
        fraction, text = latest
        self._sent = fraction
        elapsed = time.monotonic() - self._started
        message = f"{text} ({elapsed:.1f} s)" if text else f"{elapsed:.1f} s"
        await self._send(fraction, 1.0, message)
        self.notifications += 1
