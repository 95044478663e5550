"""The one way off the GUI thread: tool calls and other slow work, each with its own callbacks.

``jobs.call(tool, args, on_done, on_steps=...)`` runs a tool of the registry; ``jobs.run(work,
on_done)`` runs any function (a settings check, a tutor turn, the start-up load). Each call gets a
``Call``: its callbacks run on the GUI thread, and never once the call was cancelled or superseded,
so nobody has to ask which job a result belongs to.

Calls go in lanes, one worker thread each, taken in order. In every lane but ``SIDE`` a new call
cancels the one under way, whose child process is then killed by the runner: "latest wins" (the
window's lane: Run, Submit, Trace, Analyze, …; a named lane: the tutor's turn, custom input, a
settings check). In ``SIDE`` (the profile, the recommendations, history, the learner's data) calls
wait their turn and nothing is cancelled but by ``cancel``. A call about a learner who is no
longer the session's is dropped: its answer is about someone else.

With ``synchronous=True`` (tests) the work runs at once in the caller's thread and the callbacks
follow before ``call`` returns.
"""

from __future__ import annotations

import itertools
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal

from ..domain.vocabulary import Caller
from ..tools.context import ToolContext
from .session import Session

log = logging.getLogger(__name__)

WINDOW = "window"  # Run, Submit, Trace, Analyze, Edge cases: latest wins
SIDE = "side"  # the profile, the recommendations, history, the learner's data: one after another

Done = Callable[[Any], None]


@dataclass(eq=False)
class Call:
    """One piece of work handed to ``Jobs``; ``cancel()`` stops it and silences its callbacks."""

    number: int
    name: str
    lane: str
    learner: str
    on_done: Done | None = None
    on_failed: Callable[[str], None] | None = None
    on_steps: Callable[[Any], None] | None = None
    on_progress: Callable[[float, str], None] | None = None
    on_cancelled: Callable[[], None] | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    ended: bool = False
    threaded: bool = False  # off the GUI thread even when ``Jobs.synchronous`` (a tutor's turn)
    # Reports made on another thread while the jobs run synchronously (a trace's steps come from
    # the runner's reader thread): handed over on the GUI thread before the call's answer.
    held: list[tuple[str, Any]] = field(default_factory=list)

    @property
    def live(self) -> bool:
        """Its callbacks still run: neither cancelled nor ended."""
        return not self.ended and not self.stop.is_set()

    def cancel(self) -> None:
        """Stop the work (a tool's child process is killed) and drop whatever it still reports."""
        if not self.live:
            return
        self.stop.set()
        if self.on_cancelled is not None:
            self.on_cancelled()


class _Relay(QObject):
    """Carries a worker thread's report to the GUI thread (a queued signal: data only)."""

    report = Signal(object, str, object)


class Jobs(QObject):
    """Tool calls and slow functions off the GUI thread. ``started``/``ended`` tell about calls in
    the window's lane (the status bar's progress, the Stop button)."""

    started = Signal(object)  # Call
    ended = Signal(object)  # Call: done, failed or cancelled
    progressed = Signal(object, float, str)  # Call, fraction, text: a window call's progress (the status bar)

    def __init__(self, registry: Any, session: Session, synchronous: bool = False, parent: QObject | None = None):
        super().__init__(parent)
        self.registry = registry  # the services' (set once they are loaded)
        self.session = session
        self.synchronous = synchronous
        self._numbers = itertools.count(1)
        self._lanes: dict[str, _Lane] = {}
        self._current: dict[str, Call] = {}  # the call under way (or queued last) in a superseding lane
        self._relay = _Relay()
        self._home = threading.current_thread()  # the GUI thread: callbacks run only there
        self._held_lock = threading.Lock()
        self._relay.report.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    # --- starting ---------------------------------------------------------------------------
    def call(
        self,
        tool: str,
        arguments: dict[str, Any],
        on_done: Done,
        *,
        on_steps: Callable[[Any], None] | None = None,
        on_progress: Callable[[float, str], None] | None = None,
        on_failed: Callable[[str], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
        lane: str = WINDOW,
        caller: Caller = Caller.PERSON,
    ) -> Call:
        """Call ``tool`` with ``arguments``; ``on_done(result)`` gets its JSON object on the GUI thread.
        ``on_steps`` makes a trace stream its steps as they arrive (batches, on the GUI thread)."""
        call = self._new(tool, lane, on_done, on_failed, on_cancelled, on_steps, on_progress)
        context = ToolContext(caller=caller, learner=call.learner, cancel=call.stop)
        context.progress = lambda fraction, text: self._report(call, "progress", (fraction, text))
        if on_steps is not None:
            context.on_trace_steps = lambda batch: self._report(call, "steps", batch)
        return self._start(call, lambda: self.registry.call(tool, arguments, context))

    def run(
        self,
        work: Callable[[], Any],
        on_done: Done,
        *,
        name: str = "work",
        on_failed: Callable[[str], None] | None = None,
        lane: str | None = None,
    ) -> Call:
        """Run ``work()`` off the GUI thread (in a lane of its own unless one is named);
        ``on_done(value)`` or ``on_failed(message)`` follows on the GUI thread."""
        call = self._new(name, lane or name, on_done, on_failed, None, None, None)
        return self._start(call, work)

    def stream(
        self,
        work: Callable[[Callable[[Any], None]], Any],
        on_item: Callable[[Any], None],
        on_done: Done,
        *,
        name: str = "stream",
        on_failed: Callable[[str], None] | None = None,
        on_cancelled: Callable[[], None] | None = None,
        lane: str | None = None,
        threaded: bool = False,
    ) -> Call:
        """Run ``work(emit)``: each ``emit(item)`` reaches ``on_item`` on the GUI thread, in order,
        and ``on_done(value)`` follows the last (a tutor's turn streams its events so). ``threaded``
        keeps it off the GUI thread even when ``synchronous``: a stream that waits on a network
        must leave the window free to stop it."""
        call = self._new(name, lane or name, on_done, on_failed, on_cancelled, on_item, None)
        call.threaded = threaded
        return self._start(call, lambda: work(lambda item: self._report(call, "steps", item)))

    def cancel(self, lane: str = WINDOW) -> None:
        """Stop the call under way in ``lane`` (the Stop button, Escape)."""
        current = self._current.get(lane)
        if current is not None:
            current.cancel()

    def current(self, lane: str = WINDOW) -> Call | None:
        call = self._current.get(lane)
        return call if call is not None and call.live else None

    @property
    def busy(self) -> bool:
        return self.current() is not None

    def shutdown(self) -> None:
        """Cancel everything and wait for the lanes' threads to end (closing the window)."""
        for call in list(self._current.values()):
            call.cancel()
        for lane in self._lanes.values():
            lane.close()
        for lane in self._lanes.values():
            lane.join(10.0)
        self._lanes.clear()

    # --- inside -----------------------------------------------------------------------------
    def _new(self, name, lane, on_done, on_failed, on_cancelled, on_steps, on_progress) -> Call:
        call = Call(next(self._numbers), name, lane, self.session.learner, on_done, on_failed, on_steps, on_progress)
        previous = self._current.get(lane)
        if lane != SIDE and previous is not None:
            previous.cancel()  # latest wins: its callbacks are silenced now, its child killed

        def cancelled() -> None:
            self._finish(call)
            if on_cancelled is not None:
                on_cancelled()
            if lane == WINDOW:
                self.ended.emit(call)

        call.on_cancelled = cancelled
        if lane != SIDE:
            self._current[lane] = call
        return call

    def _start(self, call: Call, work: Callable[[], Any]) -> Call:
        if call.lane == WINDOW:
            self.session.job = call.name
            self.started.emit(call)
        if self.synchronous and not call.threaded:
            self._perform(call, work)
        else:
            lane = self._lanes.get(call.lane)
            if lane is None:
                lane = self._lanes[call.lane] = _Lane(call.lane, self._perform)
            lane.put(call, work)
        return call

    def _perform(self, call: Call, work: Callable[[], Any]) -> None:
        """On a lane's thread (or at once, synchronously): the work, then its report."""
        if not call.live:
            return  # cancelled while it waited its turn
        try:
            value = work()
        except Exception as exc:  # noqa: BLE001 - nothing escapes a worker; the log keeps the trace
            log.exception("%s failed", call.name)
            self._report(call, "failed", f"{type(exc).__name__}: {exc}")
            return
        self._report(call, "done", value)

    def _report(self, call: Call, what: str, payload: Any) -> None:
        if not self.synchronous or call.threaded:
            self._relay.report.emit(call, what, payload)
            return
        if threading.current_thread() is not self._home:
            with self._held_lock:
                call.held.append((what, payload))  # handed over before the answer, on the GUI thread
            return
        with self._held_lock:
            held, call.held = call.held, []
        for earlier, value in held:
            self._deliver(call, earlier, value)
        self._deliver(call, what, payload)

    def _finish(self, call: Call) -> None:
        """``call`` is over: its lane has nothing under way, nor the window when it was the window's."""
        if self._current.get(call.lane) is call:
            del self._current[call.lane]
        if call.lane == WINDOW and self.current() is None:
            self.session.job = None

    def _deliver(self, call: Call, what: str, payload: Any) -> None:
        """On the GUI thread: hand a report to its call's callback, unless the call is over. A call
        about a learner who has left ends without a word: its answer is about someone else."""
        if not call.live:
            return
        about_another = call.learner != self.session.learner
        if what in ("steps", "progress"):
            if about_another:
                return
            if what == "steps" and call.on_steps is not None:
                call.on_steps(payload)
            elif what == "progress":
                if call.on_progress is not None:
                    call.on_progress(*payload)
                if call.lane == WINDOW:
                    self.progressed.emit(call, *payload)
            return
        call.ended = True
        self._finish(call)
        try:
            if about_another:
                return
            if what == "done":
                if call.on_done is not None:
                    call.on_done(payload)
            elif call.on_failed is not None:
                call.on_failed(str(payload))
            else:
                log.error("%s failed: %s", call.name, payload)
        finally:
            if call.lane == WINDOW:
                self.ended.emit(call)


class _Lane:
    """A worker thread that takes its calls in order."""

    def __init__(self, name: str, perform: Callable[[Call, Callable[[], Any]], None]):
        self._queue: queue.SimpleQueue[tuple[Call, Callable[[], Any]] | None] = queue.SimpleQueue()
        self._perform = perform
        self._thread = threading.Thread(target=self._loop, name=f"jobs-{name}", daemon=True)
        self._thread.start()

    def put(self, call: Call, work: Callable[[], Any]) -> None:
        self._queue.put((call, work))

    def close(self) -> None:
        self._queue.put(None)

    def join(self, seconds: float) -> None:
        self._thread.join(seconds)

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            self._perform(*item)
