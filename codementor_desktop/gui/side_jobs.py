"""Tool calls the window makes beside the learner's own work: the profile, the recommendations,
a problem's history, the learner's data.

They go to a ``ToolWorker`` of their own, queued one after another. The window's worker is "latest
job wins": a profile refreshed on that worker when the tab is shown would stop the Run going on.
Here nothing is cancelled; each call's answer goes to the function given with it, on the GUI
thread. Answers that come after the learner changed are dropped (they are about someone else).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from .workers import ToolWorker

Answer = Callable[[dict[str, Any]], None]


class SideJobs(QObject):
    """A queue of tool calls on their own worker thread (or at once, with ``synchronous``)."""

    def __init__(self, registry, learner: str, synchronous: bool = False, parent: QObject | None = None):
        super().__init__(parent)
        self._registry = registry
        self._synchronous = synchronous
        self.learner = learner
        self._worker = self._new_worker()
        self._queue: deque[tuple[str, dict[str, Any], Answer, str]] = deque()
        self._current: tuple[int, Answer, str] | None = None

    def _new_worker(self) -> ToolWorker:
        worker = ToolWorker(self._registry, self.learner, synchronous=self._synchronous, parent=self)
        worker.started.connect(self._on_started)
        worker.result.connect(self._on_result)
        worker.error.connect(lambda _job, message: self._on_result(_job, {"status": "error", "error_message": message}))
        worker.finished.connect(self._on_finished)
        return worker

    @property
    def idle(self) -> bool:
        return self._current is None and not self._queue

    def call(self, name: str, arguments: dict[str, Any], answer: Answer) -> None:
        """Queue ``name(arguments)``; ``answer(result)`` runs on the GUI thread when it comes."""
        self._queue.append((name, arguments, answer, self.learner))
        if self._current is None:
            self._next()

    def set_learner(self, learner: str) -> None:
        """Calls from now on are about ``learner``; answers still due about the last one are dropped."""
        if learner == self.learner:
            return
        self._queue.clear()
        self.learner = learner
        old, self._worker = self._worker, self._new_worker()
        self._current = None
        old.shutdown()
        old.deleteLater()

    def shutdown(self) -> None:
        self._queue.clear()
        self._worker.shutdown()

    def _next(self) -> None:
        while self._queue and self._current is None:
            name, arguments, answer, learner = self._queue.popleft()
            if learner != self.learner:
                continue
            self._pending = (answer, learner)
            self._worker.submit(name, arguments)  # ``started`` sets ``_current`` (a synchronous one ends inside)

    def _on_started(self, job: int, _name: str) -> None:
        answer, learner = self._pending
        self._current = (job, answer, learner)

    def _on_result(self, job: int, result: dict[str, Any]) -> None:
        if self._current is not None and self._current[0] == job and self._current[2] == self.learner:
            self._current[1](result)

    def _on_finished(self, job: int) -> None:
        if self._current is not None and self._current[0] == job:
            self._current = None
            self._next()
