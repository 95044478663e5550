"""Tool calls off the GUI thread, with one signal contract and "latest job wins".

``ToolWorker`` lives in the GUI thread; its ``_Runner`` lives in a QThread and calls the registry.
Every job has an id; results of a job that is no longer current are dropped. A trace's steps
stream as they arrive (``steps``): the runner's reader thread decodes each batch and the batch
crosses to the GUI thread as one queued signal, so the window never decodes or waits. The registry never
raises, and the runner catches anything else, so no exception escapes a worker. With
``synchronous=True`` (tests) jobs run at once in the caller's thread.
"""

from __future__ import annotations

import itertools
import threading
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext


class _Runner(QObject):
    """Runs in the worker thread. Emits data only; never touches a widget."""

    progress = Signal(int, float, str)
    steps = Signal(int, object)
    done = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, registry):
        super().__init__()
        self._registry = registry

    @Slot(int, str, object, object)
    def run(self, job_id: int, name: str, arguments: Any, context: ToolContext) -> None:
        context.progress = lambda fraction, text: self.progress.emit(job_id, fraction, text)
        if context.on_trace_steps is not None:  # on the runner's reader thread: emit data only
            context.on_trace_steps = lambda batch: self.steps.emit(job_id, batch)
        try:
            result = self._registry.call(name, arguments, context)
        except Exception as exc:  # noqa: BLE001 - nothing escapes a worker
            self.failed.emit(job_id, f"{type(exc).__name__}: {exc}")
            return
        self.done.emit(job_id, result)


class ToolWorker(QObject):
    """Starts tool calls for the window and reports them: started, progress, result, error,
    finished, cancelled (each with the job id)."""

    started = Signal(int, str)
    progress = Signal(int, float, str)
    steps = Signal(int, object)  # a batch of trace steps of the current job (``stream_steps``)
    result = Signal(int, object)
    error = Signal(int, str)
    finished = Signal(int)
    cancelled = Signal(int)
    _request = Signal(int, str, object, object)

    def __init__(self, registry, learner: str, synchronous: bool = False, parent: QObject | None = None):
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._learner = learner
        self._current = 0
        self._cancel: threading.Event | None = None
        self._runner = _Runner(registry)
        self._thread: QThread | None = None
        if not synchronous:
            self._thread = QThread()
            self._thread.setObjectName("tool-worker")
            self._runner.moveToThread(self._thread)
            self._thread.start()
        self._runner.progress.connect(self._on_progress)
        self._runner.steps.connect(self._on_steps)
        self._runner.done.connect(self._on_done)
        self._runner.failed.connect(self._on_failed)
        self._request.connect(self._runner.run)

    @property
    def learner(self) -> str:
        return self._learner

    @learner.setter
    def learner(self, name: str) -> None:
        """The learner the next calls are about (File > Switch learner)."""
        self._learner = name

    @property
    def synchronous(self) -> bool:
        return self._thread is None

    @property
    def busy(self) -> bool:
        return self._cancel is not None

    def submit(self, name: str, arguments: dict, caller: Caller = Caller.PERSON, stream_steps: bool = False) -> int:
        """Start a tool call; an earlier one still running is cancelled. Returns the job id.
        With ``stream_steps``, a trace's steps are reported by ``steps`` as they arrive."""
        self.cancel()
        job_id = next(self._ids)
        self._current = job_id
        self._cancel = threading.Event()
        context = ToolContext(caller=caller, learner=self._learner, cancel=self._cancel)
        if stream_steps:
            context.on_trace_steps = lambda _batch: None  # the runner puts its signal here
        self.started.emit(job_id, name)
        self._request.emit(job_id, name, arguments, context)
        return job_id

    def cancel(self) -> None:
        """Stop the current job (the runner kills its child process)."""
        if self._cancel is not None and not self._cancel.is_set():
            self._cancel.set()
            self.cancelled.emit(self._current)

    def shutdown(self) -> None:
        self.cancel()
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait(10_000)
            self._thread = None

    def _on_progress(self, job_id: int, fraction: float, text: str) -> None:
        if job_id == self._current and self._cancel is not None and not self._cancel.is_set():
            self.progress.emit(job_id, fraction, text)

    def _on_steps(self, job_id: int, batch: list) -> None:
        if job_id == self._current and self._cancel is not None and not self._cancel.is_set():
            self.steps.emit(job_id, batch)

    def _on_done(self, job_id: int, result: dict) -> None:
        if job_id != self._current:
            return  # a stale job: a newer one has started since
        cancelled = self._cancel is not None and self._cancel.is_set()
        self._cancel = None
        if not cancelled:
            self.result.emit(job_id, result)
        self.finished.emit(job_id)

    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id != self._current:
            return
        self._cancel = None
        self.error.emit(job_id, message)
        self.finished.emit(job_id)
