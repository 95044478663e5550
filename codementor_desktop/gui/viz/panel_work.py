"""What the visualization panel runs off the GUI thread, and the steps it has yet to take in.

``PanelWork`` sends the panel's slow work (the Mermaid text, the preload of pyqtgraph and networkx)
through ``Jobs`` of the panel's own, each in a lane of its own: it never cancels a Run, and it can
start before the window's services (and so the session's jobs) are ready.

``StepInbox`` holds the batches of a streaming trace until the panel's work slices take them into
the timeline, a few hundred steps at a time.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from ..jobs import Call, Jobs
from ..session import Session
from .timeline import TraceTimeline

TAKE_AT_ONCE = 250  # steps moved into the timeline between two looks at the clock


class PanelWork:
    """The panel's calls off the GUI thread, on jobs of its own (they need no learner and no tool,
    and start before the window's services exist); their results are dropped once ``shutdown`` ran.
    The window's jobs, once followed, are only asked to cancel a trace of a problem left behind."""

    def __init__(self, owner: QObject):
        self._owner = owner
        self._jobs: Jobs | None = None  # made at the first call, shut with the panel
        self.window_jobs: Jobs | None = None
        self.calls: list[Call] = []
        self.shut = False

    def follow(self, jobs: Jobs) -> None:
        """The window's ``jobs``: a trace of theirs is cancelled when the problem changes, and the
        panel's own run at once when theirs do (tests)."""
        self.window_jobs = jobs
        if self._jobs is not None:
            self._jobs.synchronous = jobs.synchronous

    @property
    def busy(self) -> bool:
        return any(call.live for call in self.calls)

    def run(self, work: Callable[[], Any], lane: str, done: Callable[[Any], None]) -> Call:
        """``work()`` in ``lane``; ``done(value)`` follows on the GUI thread unless shut by then."""

        def finished(value: Any) -> None:
            if not self.shut:
                done(value)

        if self._jobs is None:
            synchronous = self.window_jobs is not None and self.window_jobs.synchronous
            self._jobs = Jobs(None, Session(learner=""), synchronous=synchronous, parent=self._owner)
        call = self._jobs.run(work, finished, name=lane, lane=lane)
        self.calls = [c for c in self.calls if c.live] + [call]
        return call

    def cancel(self, lane: str) -> None:
        if self._jobs is not None:
            self._jobs.cancel(lane)

    def cancel_window_call(self, tools: tuple[str, ...]) -> None:
        """Cancel the window's call under way when it calls one of ``tools``."""
        jobs = self.window_jobs
        if jobs is not None and (call := jobs.current()) is not None and call.name in tools:
            jobs.cancel()

    def shutdown(self) -> None:
        """Cancel the calls and shut the panel's jobs (waiting for an import under way)."""
        self.shut = True
        for call in self.calls:
            call.cancel()
        self.calls.clear()
        if self._jobs is not None:
            self._jobs.shutdown()
            self._jobs = None


class StepInbox:
    """Batches of steps received and not yet in the timeline; a step asked for before it is in."""

    def __init__(self) -> None:
        self._batches: deque[list] = deque()
        self.count = 0
        self.wanted: int | None = None

    def __bool__(self) -> bool:
        return bool(self._batches)

    def put(self, steps: list) -> None:
        self._batches.append(steps)
        self.count += len(steps)

    def clear(self) -> None:
        self._batches.clear()
        self.count = 0
        self.wanted = None

    def take(self, timeline: TraceTimeline, seconds: float | None = None) -> int:
        """Move steps into ``timeline`` for about ``seconds`` (all of them when None); how many."""
        deadline = None if seconds is None else time.perf_counter() + seconds
        taken = 0
        while self._batches:
            batch = self._batches[0]
            if deadline is not None and len(batch) > TAKE_AT_ONCE:
                chunk, self._batches[0] = batch[:TAKE_AT_ONCE], batch[TAKE_AT_ONCE:]
            else:
                chunk = self._batches.popleft()
            self.count -= len(chunk)
            timeline.extend(chunk)
            taken += len(chunk)
            if deadline is not None and time.perf_counter() > deadline:
                break
        return taken
