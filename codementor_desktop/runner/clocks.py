"""The parent's clocks over a running child: what stops a test, a run, and how long they took.

Who measures what, and why (the child's side is in ``child/python/session.py``):

- A test's limit is **CPU time**, so that a busy machine cannot turn a pass into a TLE. The
  child arms a CPU timer per test (Python: ``ITIMER_PROF``; JavaScript checks its CPU time when
  a call returns) and reports each test's ``cpu_time_ms``. That is evidence from inside the
  learner's process, so the parent keeps its own account, from the kernel's: while the child
  runs it reads the child's CPU time (``/proc/<pid>/stat`` on Linux) and kills it when the test
  under way has used more than its limit plus a small grace; the kernel's ``RLIMIT_CPU`` bounds
  the whole run; and when the child ends, ``os.wait4`` gives its resource usage (the run's
  ``cpu_time_ms``).
- **Wall time** is only a backstop, for code that waits instead of computing (``sleep``, a
  blocked read): ``WALL_FACTOR`` times the test's CPU limit, 60 s at most, counted from the frame
  that ended the previous test; the whole run has its own, ``Limits.wall_seconds``.

No frame of the child can reset or extend a budget (a child's report can only make a verdict
worse, VOCABULARY.md): the learner's code shares the child's process, can find the frame writer
and forge any frame, stop its own interval timers and raise its soft CPU limit up to the hard one.
So the parent's clocks move only on frames it expects: the first ``started`` starts the first
test, and in a judge run only the result of the test that is due ends it and starts the next (a
forged one for that test is then followed by the harness's own, a second result: RE). The CPU
time the parent saw a test use is judged too: a test frame for a test that used more than its
limit (plus a grace for the harness's own work) becomes TLE, whatever it says. The whole run's
CPU time is the parent's to bound as well (``cpu_seconds``, which is also the child's
``RLIMIT_CPU``), so time moved from one test to another cannot outgrow the run.

Where there is no ``/proc`` (macOS, Windows) the child's timers, the kernel's limit (or the Job
Object's) and the wall backstops remain. On a Piston server the parent sees no process at all:
there the server's own run timeout and CPU limit bound the run, and each test's time is what the
child reports, which learner code can lower; a Piston verdict's time is as good as that.
"""

from __future__ import annotations

import math
import os
import select
import subprocess
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .child.wire import Frame
from .protocol import WALL_CAP, WALL_FACTOR

# Modes whose frames mark tests; the others (tracing, generation) have their own clocks.
PER_TEST_MODES = ("judge", "execute", "tests")
CPU_GRACE_SECONDS = 0.25  # the child's own timer fires at the limit: give its report time to come
WALL_GRACE_SECONDS = 1.0


def _clock_ticks() -> int:
    try:
        return int(os.sysconf("SC_CLK_TCK"))
    except (AttributeError, ValueError, OSError):
        return 100


_TICKS = _clock_ticks()


def _stat_fields(pid: int) -> list[bytes] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: the fields start after the last ')'.
    return data[data.rfind(b")") + 2 :].split()


def _children_of(pid: int) -> list[int]:
    found: list[int] = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in threads:
        try:
            with open(f"/proc/{pid}/task/{tid}/children", "rb") as handle:
                found.extend(int(child) for child in handle.read().split())
        except (OSError, ValueError):
            continue
    return found


def cpu_seconds_of(pid: int) -> float | None:
    """The CPU time (user + system, all threads) a running process and every process under it have
    used, or None where the system does not say (no ``/proc``) or the process is gone.

    In a namespace the learner's process is bubblewrap's grandchild, so the whole tree is counted;
    a descendant that has ended and been reaped counts through its parent's ``cutime``/``cstime``.
    """
    total: int | None = None
    pending, seen = [pid], set()
    while pending:
        current = pending.pop()
        if current in seen:
            continue
        seen.add(current)
        fields = _stat_fields(current)
        if fields is None:
            continue
        try:  # utime, stime, cutime, cstime: fields 14 to 17
            ticks = int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
        except (IndexError, ValueError):
            continue
        total = ticks if total is None else total + ticks
        pending.extend(_children_of(current))
    return None if total is None else total / _TICKS


_RESULT_FIELDS = ("kind", "test_id", "stdout", "execution_time_ms", "line_events")


def over_limit(frame: dict, used_seconds: float) -> None:
    """Make ``frame`` (a test's result) the TLE the parent measured: ``used_seconds`` of CPU time."""
    kept = {key: frame[key] for key in _RESULT_FIELDS if key in frame}
    frame.clear()
    frame.update(kept)
    frame.update(
        verdict="TLE",
        error_type="timeout",
        reason="time",
        cpu_time_ms=round(used_seconds * 1000, 1),
        error_message=f"Time limit exceeded: the test used {used_seconds:.2f} s of CPU time, as the app measured it.",
    )


@dataclass
class Stop:
    """Why the parent stopped a child, when it did."""

    cpu: bool = False  # the test under way passed its CPU limit
    wall: bool = False  # a wall-clock backstop passed
    test_cpu_ms: float | None = None  # the CPU time of the test under way, as the parent saw it


class ChildClocks:
    """The clocks of one child. ``boundary`` is called from the frame reader's thread; ``check``
    from the runner's loop; ``reap`` once the child has ended or been killed."""

    def __init__(self, process: subprocess.Popen, job: Mapping[str, Any], run_wall_seconds: float):
        limits = job.get("limits") or {}
        self._process = process
        self._started = time.perf_counter()
        self._run_deadline = self._started + run_wall_seconds
        per_test = job.get("mode") in PER_TEST_MODES and float(limits.get("timeout_seconds") or 0) > 0
        seconds = float(limits.get("timeout_seconds") or 0)
        factor = float(limits.get("wall_factor") or WALL_FACTOR)
        cpu_limit = seconds
        if job.get("language") == "javascript":
            # Node cannot stop a test that loops without returning on its CPU time: its harness
            # interrupts it at the wall backstop and goes on with the next test. Killing the child
            # earlier would lose the tests after it, so the parent's CPU bound waits for that.
            cpu_limit = min(seconds * factor, WALL_CAP)
        self._test_cpu = cpu_limit + CPU_GRACE_SECONDS if per_test else None
        # A judged test over this much CPU time is TLE whatever its frame says (Node's harness
        # may run a test past its limit before it can stop it: the verdict is still TLE).
        self._judged_cpu = seconds + CPU_GRACE_SECONDS if per_test and not job.get("cover") else None
        run_cpu = float(limits.get("cpu_seconds") or 0)
        if run_cpu > 0 and job.get("language") == "javascript":
            run_cpu = max(run_cpu, math.ceil(seconds * factor) + 1)  # as node.py's RLIMIT_CPU
        self._run_cpu = run_cpu + 2 * CPU_GRACE_SECONDS if run_cpu > 0 else None
        self._mode = job.get("mode")
        tests = job.get("tests") if self._mode == "judge" else None
        self._due = [test.get("test_id") for test in tests] if isinstance(tests, list) else None
        self._started_seen = False
        self._test_wall = min(seconds * factor, WALL_CAP) + WALL_GRACE_SECONDS if per_test else None
        self._lock = threading.Lock()
        self._test_started = self._started
        self._test_cpu_start = 0.0
        self._cpu_readable = cpu_seconds_of(process.pid) is not None
        self.cpu_ms: float | None = None  # the whole child's, once reaped

    def boundary(self, frame: dict) -> None:
        """A frame arrived: the one the parent expects next ends a test and starts the next one's
        clocks; a test's result whose test used more CPU time than its limit becomes TLE, in place."""
        kind = frame.get("kind")
        if kind == Frame.STARTED:
            if self._started_seen:
                return
            self._started_seen = True
        elif kind == Frame.TEST and self._due is not None:
            if not self._due or frame.get("test_id") != self._due[0]:
                return  # not the result due: the judging finds the fault, the clocks do not move
            self._due.pop(0)
        elif kind not in Frame.TEST_BOUNDARIES or self._mode == "judge":
            return
        cpu = cpu_seconds_of(self._process.pid) if self._cpu_readable else None
        with self._lock:
            used = cpu - self._test_cpu_start if cpu is not None and kind == Frame.TEST else None
            self._test_started = time.perf_counter()
            if cpu is not None:
                self._test_cpu_start = cpu
        if used is not None and self._judged_cpu is not None and used > self._judged_cpu:
            over_limit(frame, used)

    def check(self) -> Stop | None:
        """Whether the child must be stopped now, and why."""
        now = time.perf_counter()
        if now > self._run_deadline:
            return Stop(wall=True)
        with self._lock:
            test_started, cpu_start = self._test_started, self._test_cpu_start
        if self._test_wall is not None and now - test_started > self._test_wall:
            return Stop(wall=True)
        if (self._test_cpu is not None or self._run_cpu is not None) and self._cpu_readable:
            cpu = cpu_seconds_of(self._process.pid)
            if cpu is None:
                return None
            if self._test_cpu is not None and cpu - cpu_start > self._test_cpu:
                return Stop(cpu=True, test_cpu_ms=round((cpu - cpu_start) * 1000, 1))
            if self._run_cpu is not None and cpu > self._run_cpu:
                return Stop(cpu=True, test_cpu_ms=round((cpu - cpu_start) * 1000, 1))
        return None

    def seconds_left(self) -> float:
        return self._run_deadline - time.perf_counter()

    def ended(self) -> bool:
        """True once the child has ended; reaps it then (keeping its resource usage), never kills."""
        process = self._process
        if process.returncode is not None:
            return True
        if not hasattr(os, "wait4"):
            return process.poll() is not None
        try:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        except ChildProcessError:  # reaped elsewhere
            return process.poll() is not None
        if pid == 0:
            return False
        process.returncode = os.waitstatus_to_exitcode(status)
        self.cpu_ms = round((usage.ru_utime + usage.ru_stime) * 1000, 1)
        return True

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the child to end; True when it did."""
        until = time.perf_counter() + max(0.0, seconds)
        exited = self._exit_descriptor()
        pause = 0.0002  # without a pidfd: a child that closed its output is usually gone soon
        try:
            while not self.ended():
                left = until - time.perf_counter()
                if left <= 0:
                    return False
                if exited is not None:
                    select.select([exited], [], [], left)  # readable the moment it exits
                else:
                    time.sleep(min(pause, left))
                    pause = min(pause * 2, 0.01)
            return True
        finally:
            if exited is not None:
                os.close(exited)

    def _exit_descriptor(self) -> int | None:
        """A descriptor that becomes readable when the child exits (Linux 5.3+), or None."""
        if self._process.returncode is not None or not hasattr(os, "pidfd_open"):
            return None
        try:
            return os.pidfd_open(self._process.pid)
        except OSError:
            return None
