"""A persistent batch child: one process, the code compiled once, many inputs answered in batches.

A search for edge cases runs hundreds of small examples; a process per example would spend its
time starting processes. A ``BatchChild`` starts one child in ``batch`` mode (the same command,
limits and containment as any run, through the backend), waits until it has compiled the code,
then writes each batch of inputs on the job's channel and reads one ``test`` frame per input.

The parent keeps the clocks of each example: an example that neither returns nor is stopped by
the child's own timer within the wall backstop is TLE, and the child is killed; a TLE, MLE or OLE
the child reports ends it too (the learner's state may be broken past one). Either way the next
input starts a fresh child. Nothing of an expected output is ever sent: the parent compares.

A backend that cannot keep a channel open (a Piston server) runs each batch as one judge job.
"""

from __future__ import annotations

import inspect
import json
import queue
import signal
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from .child.wire import CHILD_VERDICTS, Frame, Verdict
from .protocol import CHANNEL_MESSAGE, ChildReport, Limits, _base, judge_job

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .backend import Backend
    from .child.wire import BatchJob, FunctionSpec, Language, TestCase

STOPPING = (Verdict.TLE, Verdict.MLE, Verdict.OLE)
START_SECONDS = 15.0  # a child's start and the compilation of the code, on a busy machine
_POLL = 0.05


@dataclass
class Answer:
    """What one input gave: a ``value`` (decoded JSON, or the text a script printed), or how it
    failed (``verdict`` RE, TLE, MLE, OLE or IE and its message)."""

    value: Any = None
    verdict: str | None = None
    message: str | None = None
    time_ms: float | None = None

    @property
    def ok(self) -> bool:
        return self.verdict is None


class CompileFailed(Exception):
    """The code does not compile: ``frame`` is the child's ``compile_error`` frame."""

    def __init__(self, frame: Mapping[str, Any]):
        self.frame = dict(frame)
        super().__init__(str(frame.get("error_message") or frame.get("message") or "the code does not compile"))


class BatchChildFailed(RuntimeError):
    """The child could not be started, or failed in its harness (never the learner's fault)."""


class Cancelled(Exception):
    """The caller's cancel was set: the child is gone."""


_END = object()  # the backend's run returned: the frame queue's last item, with the report after it


@dataclass
class _Live:
    """One running child and the queues between it and the parent."""

    thread: threading.Thread
    kill: threading.Event
    frames: queue.Queue = field(default_factory=queue.Queue)
    outbox: queue.Queue = field(default_factory=queue.Queue)
    report: ChildReport | None = None
    ended: bool = False


def batch_job(
    language: Language, code: str, limits: Limits, *, function: FunctionSpec | None, compare: str, test_count: int
) -> BatchJob:
    """The job of a batch child: its CPU bound covers ``test_count`` examples (within the run's)."""
    return {**_base("batch", language, code, limits, test_count), "function": function or {}, "compare": compare}


class BatchChild:
    """Answers batches of inputs (the bank's literal form, ``"[1,2], 3"``) with one child process."""

    def __init__(
        self,
        backend: Backend,
        language: Language,
        code: str,
        *,
        function: FunctionSpec | None = None,
        compare: str = "exact",
        limits: Limits | None = None,
        cancel: threading.Event | None = None,
    ):
        self._backend = backend
        self.language = language
        self._code = code
        self._function = function or {}
        self._compare = compare
        self.limits = (limits or Limits(timeout_seconds=1.0, run_seconds=60.0)).clamped()
        self._cancel = cancel or threading.Event()
        self._live: _Live | None = None
        self._batch = 0
        self._persistent = "feed" in inspect.signature(backend.run).parameters
        self.containment: list[str] = []
        self._spawned = 0

    @property
    def restarts(self) -> int:
        """Children started after the first (after a hung or stopped example)."""
        return max(0, self._spawned - 1)

    @property
    def example_wall_seconds(self) -> float:
        """How long the parent waits for one example's frame before it calls it TLE."""
        return self.limits.test_wall_seconds() + 1.0

    def start(self) -> None:
        """Start the child now (``CompileFailed`` if the code does not compile)."""
        if self._persistent and self._live is None:
            self._live = self._spawn()

    def answers(self, inputs: list[str], deadline: float | None = None) -> list[Answer]:
        """One answer per input, in order. Raises ``CompileFailed``, ``Cancelled`` or ``BatchChildFailed``.

        Past ``deadline`` (a ``time.perf_counter()`` time) no child is started again after a
        stopped example: the answers so far come back, fewer than the inputs. A batch of inputs
        that each run out of time would otherwise cost one time limit and one start apiece."""
        if not inputs:
            return []
        if not self._persistent:
            return self._one_shot(inputs)
        out: list[Answer] = []
        while len(out) < len(inputs):
            if self._cancel.is_set():
                self.close()
                raise Cancelled()
            if deadline is not None and time.perf_counter() > deadline:
                return out
            if self._live is None:
                self._live = self._spawn()
            out.extend(self._run_batch(self._live, inputs[len(out) :], deadline))
        return out

    def close(self) -> None:
        """End the child (at once: it holds nothing worth waiting for)."""
        live, self._live = self._live, None
        if live is not None:
            self._end(live)

    def __enter__(self) -> BatchChild:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ the child's life

    def _spawn(self) -> _Live:
        job = batch_job(
            self.language, self._code, self.limits, function=self._function, compare=self._compare, test_count=10**6
        )
        self._spawned += 1
        kill = threading.Event()
        live = _Live(thread=threading.Thread(target=lambda: None), kill=kill)

        def feed(stream: Any) -> None:
            while True:
                item = live.outbox.get()
                if item is None:
                    return
                stream.write(item)
                stream.flush()

        def run() -> None:
            run_any = cast("Any", self._backend.run)
            try:
                live.report = run_any(job, self.limits.run_seconds * 3, kill, live.frames.put, feed=feed)
            finally:
                live.frames.put(_END)

        live.thread = threading.Thread(target=run, name="batch-child", daemon=True)
        live.thread.start()
        until = time.perf_counter() + START_SECONDS
        while True:
            frame = self._next(live, until)
            if frame is None:
                self._end(live)
                raise BatchChildFailed("the child did not start in time")
            if frame is _END:
                self._end(live)
                raise BatchChildFailed(self._why_ended(live.report))
            kind = frame.get("kind")
            if kind == Frame.READY:
                return live
            if kind == Frame.COMPILE_ERROR:
                self._end(live)
                raise CompileFailed(frame)
            if kind == Frame.INTERNAL_ERROR:
                self._end(live)
                raise BatchChildFailed(str(frame.get("message") or "the child's harness failed"))

    def _run_batch(self, live: _Live, inputs: list[str], deadline: float | None = None) -> list[Answer]:
        """Send ``inputs`` and read their answers; stops early when the child ends (the caller
        starts another for the rest), or past ``deadline`` (the child is ended mid-batch)."""
        self._batch += 1
        tests = [{"test_id": i, "input": text} for i, text in enumerate(inputs)]
        live.outbox.put(json.dumps({"batch": self._batch, "tests": tests}).encode("utf-8") + b"\n")
        out: list[Answer] = []
        while len(out) < len(inputs):
            frame = self._next(live, time.perf_counter() + self.example_wall_seconds)
            if frame is None:  # neither an answer nor the child's own stop: a hung example
                out.append(Answer(verdict=Verdict.TLE, message="Time limit exceeded: the example did not finish"))
                self._drop(live)
                return out
            if frame is _END:
                out.append(self._ended_answer(live.report))
                self._drop(live)
                return out
            kind = frame.get("kind")
            if kind == Frame.TEST:
                answer = _answer(frame, len(out))
                out.append(answer)
                if answer.verdict in STOPPING or answer.message == CHANNEL_MESSAGE:
                    self._drop(live)
                    return out
                if deadline is not None and len(out) < len(inputs) and time.perf_counter() > deadline:
                    self._drop(live)  # slow examples, each within its limit: the rest would overrun
                    return out
            elif kind in (Frame.BATCH_END, Frame.DONE):
                if kind == Frame.DONE or len(out) < len(inputs):
                    out.append(Answer(verdict=Verdict.RE, message=CHANNEL_MESSAGE))
                    self._drop(live)
                    return out
            elif kind == Frame.INTERNAL_ERROR:
                raise BatchChildFailed(str(frame.get("message") or "the child's harness failed"))
        end = self._next(live, time.perf_counter() + self.example_wall_seconds)
        if not (isinstance(end, dict) and end.get("kind") == Frame.BATCH_END and end.get("batch") == self._batch):
            self._drop(live)  # anything else can only be the learner's code on the channel
        return out

    def _next(self, live: _Live, until: float) -> Any:
        """The next frame (or ``_END``), or None past ``until``; ``Cancelled`` at a cancel."""
        while True:
            if self._cancel.is_set():
                self.close()
                raise Cancelled()
            left = until - time.perf_counter()
            if left <= 0:
                return None
            try:
                item = live.frames.get(timeout=min(_POLL, left))
            except queue.Empty:
                continue
            if item is _END:
                live.ended = True
                return item
            if isinstance(item, dict) and item.get("kind") == Frame.STARTED:
                continue
            return item

    def _drop(self, live: _Live) -> None:
        self._end(live)
        if self._live is live:
            self._live = None

    def _end(self, live: _Live) -> None:
        live.outbox.put(None)
        live.kill.set()
        live.thread.join(timeout=15)
        if live.report is not None and live.report.containment:
            self.containment = list(live.report.containment)

    def _ended_answer(self, report: ChildReport | None) -> Answer:
        if report is not None and report.containment:
            self.containment = list(report.containment)
        if report is None:
            return Answer(verdict=Verdict.RE, message="the child ended")
        if report.memory_exceeded:
            return Answer(verdict=Verdict.MLE, message="Memory limit exceeded")
        if report.channel_fault:
            return Answer(verdict=Verdict.RE, message=CHANNEL_MESSAGE)
        if report.cpu_exceeded or report.timed_out:
            return Answer(verdict=Verdict.TLE, message="Time limit exceeded")
        if report.signal == getattr(signal, "SIGXCPU", -1):
            # The whole child's CPU budget (all its examples) ran out under this one: not its fault.
            return Answer(verdict=Verdict.IE, message="the child's CPU time for all its examples ran out")
        if report.signal == signal.SIGTERM:
            # The runner stops children with SIGKILL: a SIGTERM came from outside the run (the
            # machine shutting processes down), never from the example.
            return Answer(verdict=Verdict.IE, message="the child was stopped from outside the run (SIGTERM)")
        return Answer(verdict=Verdict.RE, message=f"the program ended abnormally ({self._why_ended(report)})")

    @staticmethod
    def _why_ended(report: ChildReport | None) -> str:
        if report is None:
            return "the child ended"
        if report.internal_error:
            return report.internal_error
        if report.signal:
            return f"signal {report.signal}"
        return f"exit code {report.exit_code}; {report.stderr[-300:].strip()}".strip("; ")

    # ------------------------------------------------------------------ a backend without a channel

    def _one_shot(self, inputs: list[str]) -> list[Answer]:
        tests: list[TestCase] = [{"test_id": i, "input": text} for i, text in enumerate(inputs)]
        job = judge_job(
            self.language, self._code, self.limits, tests=tests, function=self._function, compare=self._compare
        )
        report = self._backend.run(job, self.limits.wall_seconds(len(tests)), self._cancel, None)
        if report.cancelled or self._cancel.is_set():
            raise Cancelled()
        if report.compile_error is not None:
            raise CompileFailed(cast("dict", report.compile_error))
        if report.internal_error:
            raise BatchChildFailed(report.internal_error)
        self.containment = list(report.containment)
        out = [_answer(cast("dict", frame), i) for i, frame in enumerate(report.tests[: len(inputs)])]
        if len(out) < len(inputs):
            out.append(self._ended_answer(report))
        if len(out) < len(inputs):
            out.extend(self._one_shot(inputs[len(out) :]))
        return out


def _answer(frame: Mapping[str, Any], expected_id: int) -> Answer:
    """An answer from a ``test`` frame, checked: a frame the harness would not write is the
    learner's code writing to the channel (RE)."""
    time_ms = frame.get("execution_time_ms")
    time_ms = float(time_ms) if isinstance(time_ms, int | float) and not isinstance(time_ms, bool) else None
    if frame.get("test_id") != expected_id:
        return Answer(verdict=Verdict.RE, message=CHANNEL_MESSAGE)
    if "verdict" in frame:
        verdict = frame.get("verdict")
        if verdict not in CHILD_VERDICTS:
            return Answer(verdict=Verdict.RE, message=CHANNEL_MESSAGE)
        message = frame.get("error_message")
        return Answer(verdict=str(verdict), message=str(message)[:2000] if message else None, time_ms=time_ms)
    if isinstance(frame.get("printed"), str):
        return Answer(value=frame["printed"], time_ms=time_ms)
    if not isinstance(frame.get("value"), str):
        return Answer(verdict=Verdict.RE, message=CHANNEL_MESSAGE)
    try:
        return Answer(value=json.loads(frame["value"]), time_ms=time_ms)
    except ValueError:
        return Answer(verdict=Verdict.RE, message=CHANNEL_MESSAGE)
