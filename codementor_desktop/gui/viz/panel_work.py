"""What the visualization panel runs off the GUI thread, and the steps it has yet to take in.

``PanelWork`` sends the panel's slow work (the Mermaid text, the preload of pyqtgraph and networkx)
through the session's ``Jobs``, each in a lane of its own so that it never cancels a Run. A panel
that follows no session (a test, a demo, one that started loading before the window's services
were ready) gets jobs of its own, shut with the panel.

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
    """The panel's calls off the GUI thread; their results are dropped once ``shutdown`` ran."""

    def __init__(self, owner: QObject):
        self._owner = owner
        self.jobs: Jobs | None = None
        self._own = False  # ``jobs`` were made here
        self._retired: Jobs | None = None  # made here, before the panel followed a session
        self.calls: list[Call] = []
        self.shut = False

    def follow(self, jobs: Jobs) -> None:
        """Send the work through ``jobs`` from now on."""
        if self._own:  # its work (an import under way) ends on its own; shut with the panel
            self._retired = self.jobs
            self._own = False
        self.jobs = jobs

    @property
    def busy(self) -> bool:
        return any(call.live for call in self.calls)

    def run(self, work: Callable[[], Any], lane: str, done: Callable[[Any], None]) -> Call:
        """``work()`` in ``lane``; ``done(value)`` follows on the GUI thread unless shut by then."""

        def finished(value: Any) -> None:
            if not self.shut:
                done(value)

        if self.jobs is None:
            self.jobs, self._own = Jobs(None, Session(learner=""), parent=self._owner), True
        call = self.jobs.run(work, finished, name=lane, lane=lane)
        self.calls = [c for c in self.calls if c.live] + [call]
        return call

    def cancel(self, lane: str) -> None:
        if self.jobs is not None and not self._own:
            self.jobs.cancel(lane)

    def cancel_window_call(self, tools: tuple[str, ...]) -> None:
        """Cancel the window's call under way when it calls one of ``tools``."""
        if self.jobs is not None and (call := self.jobs.current()) is not None and call.name in tools:
            self.jobs.cancel()

    def shutdown(self) -> None:
        """Cancel the calls, and shut the jobs made here (waiting for an import under way)."""
        self.shut = True
        for call in self.calls:
            call.cancel()
        self.calls.clear()
        for jobs in (self.jobs if self._own else None, self._retired):
            if jobs is not None:
                jobs.shutdown()
        if self._own:
            self.jobs, self._own = None, False
        self._retired = None


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
