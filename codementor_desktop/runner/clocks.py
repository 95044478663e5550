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

Tests are told apart by the child's frames: each ``started``, ``test`` or ``case`` frame ends
one test and starts the clocks of the next. Where there is no ``/proc`` (macOS, Windows) the
child's timers, the kernel's limit (or the Job Object's) and the wall backstops remain.
"""

from __future__ import annotations

import os
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


def cpu_seconds_of(pid: int) -> float | None:
    """The CPU time (user + system, all threads) a running process has used, or None where the
    system does not say (no ``/proc``) or the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read()
    except OSError:
        return None
    # The command name may hold spaces and parentheses: the fields start after the last ')'.
    fields = data[data.rfind(b")") + 2 :].split()
    try:
        return (int(fields[11]) + int(fields[12])) / _TICKS  # utime and stime, fields 14 and 15
    except (IndexError, ValueError):
        return None


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
        self._test_wall = min(seconds * factor, WALL_CAP) + WALL_GRACE_SECONDS if per_test else None
        self._lock = threading.Lock()
        self._test_started = self._started
        self._test_cpu_start = 0.0
        self._cpu_readable = cpu_seconds_of(process.pid) is not None
        self.cpu_ms: float | None = None  # the whole child's, once reaped

    def boundary(self, frame: dict) -> None:
        """A frame arrived: one that ends a test restarts the clocks of the next."""
        if frame.get("kind") not in Frame.TEST_BOUNDARIES:
            return
        cpu = cpu_seconds_of(self._process.pid) if self._cpu_readable else None
        with self._lock:
            self._test_started = time.perf_counter()
            if cpu is not None:
                self._test_cpu_start = cpu

    def check(self) -> Stop | None:
        """Whether the child must be stopped now, and why."""
        now = time.perf_counter()
        if now > self._run_deadline:
            return Stop(wall=True)
        with self._lock:
            test_started, cpu_start = self._test_started, self._test_cpu_start
        if self._test_wall is not None and now - test_started > self._test_wall:
            return Stop(wall=True)
        if self._test_cpu is not None and self._cpu_readable:
            cpu = cpu_seconds_of(self._process.pid)
            if cpu is not None and cpu - cpu_start > self._test_cpu:
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
        pause = 0.0002  # a child that closed its output is usually gone within a millisecond
        while not self.ended():
            if time.perf_counter() >= until:
                return False
            time.sleep(pause)
            pause = min(pause * 2, 0.01)
        return True
