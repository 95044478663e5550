"""Limits the operating system enforces from outside the child, where setrlimit cannot.

- Windows: a Job Object (memory per process, one active process, CPU time, kill on close). The
  child reads its whole job from stdin before it runs anything, and the parent writes the job only
  after assigning the Job Object: the job is the child's "go" signal.
- macOS: ``RLIMIT_AS`` is not enforced there, so a watchdog polls the child's resident memory and
  kills the run when it passes the limit.

Both are written for their platforms and unit-tested everywhere through their pure parts.
"""

from __future__ import annotations

import ctypes
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

# Windows constants (winnt.h)
JOB_OBJECT_LIMIT_PROCESS_TIME = 0x00000002
JOB_OBJECT_LIMIT_ACTIVE_PROCESS = 0x00000008
JOB_OBJECT_LIMIT_PROCESS_MEMORY = 0x00000100
JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION = 0x00000400
JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE = 0x00002000
JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS = 9
PROCESS_SET_QUOTA = 0x0100
PROCESS_TERMINATE = 0x0001


class _IoCounters(ctypes.Structure):
    _fields_ = [(name, ctypes.c_ulonglong) for name in (
        "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
        "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]  # fmt: skip


class _BasicLimits(ctypes.Structure):
    _fields_ = [
        ("PerProcessUserTimeLimit", ctypes.c_longlong),
        ("PerJobUserTimeLimit", ctypes.c_longlong),
        ("LimitFlags", ctypes.c_uint32),
        ("MinimumWorkingSetSize", ctypes.c_size_t),
        ("MaximumWorkingSetSize", ctypes.c_size_t),
        ("ActiveProcessLimit", ctypes.c_uint32),
        ("Affinity", ctypes.c_size_t),
        ("PriorityClass", ctypes.c_uint32),
        ("SchedulingClass", ctypes.c_uint32),
    ]


class ExtendedLimits(ctypes.Structure):
    """JOBOBJECT_EXTENDED_LIMIT_INFORMATION."""

    _fields_ = [
        ("BasicLimitInformation", _BasicLimits),
        ("IoInfo", _IoCounters),
        ("ProcessMemoryLimit", ctypes.c_size_t),
        ("JobMemoryLimit", ctypes.c_size_t),
        ("PeakProcessMemoryUsed", ctypes.c_size_t),
        ("PeakJobMemoryUsed", ctypes.c_size_t),
    ]


def extended_limits_for(limits: dict) -> ExtendedLimits:
    """The Job Object settings for a child's limits (memory, CPU time, a single process)."""
    info = ExtendedLimits()
    basic = info.BasicLimitInformation
    basic.LimitFlags = (
        JOB_OBJECT_LIMIT_PROCESS_MEMORY
        | JOB_OBJECT_LIMIT_ACTIVE_PROCESS
        | JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION
    )
    basic.ActiveProcessLimit = 1
    cpu_seconds = int(limits.get("cpu_seconds") or 0)
    if cpu_seconds > 0:
        basic.LimitFlags |= JOB_OBJECT_LIMIT_PROCESS_TIME
        basic.PerProcessUserTimeLimit = cpu_seconds * 10_000_000  # 100-nanosecond ticks
    # The interpreter itself needs room: the learner's budget comes on top of a fixed base.
    info.ProcessMemoryLimit = (int(limits.get("memory_mb") or 256) + 64) * 1024 * 1024
    return info


class WindowsJob:
    """A Job Object holding one child; closing it kills whatever is still inside."""

    def __init__(self, handle: int, kernel32):
        self._handle = handle
        self._kernel32 = kernel32

    @classmethod
    def attach(cls, process: subprocess.Popen, job: Mapping[str, Any]) -> WindowsJob | None:
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
        handle = kernel32.CreateJobObjectW(None, None)
        if not handle:
            return None
        info = extended_limits_for(job.get("limits") or {})
        kernel32.SetInformationJobObject(
            handle, JOB_OBJECT_EXTENDED_LIMIT_INFORMATION_CLASS, ctypes.byref(info), ctypes.sizeof(info)
        )
        process_handle = kernel32.OpenProcess(PROCESS_SET_QUOTA | PROCESS_TERMINATE, False, process.pid)
        kernel32.AssignProcessToJobObject(handle, process_handle)
        kernel32.CloseHandle(process_handle)
        return cls(handle, kernel32)

    def close(self) -> None:
        if self._handle:
            self._kernel32.CloseHandle(self._handle)
            self._handle = 0


def needs_memory_watchdog(platform: str | None = None) -> bool:
    """True where RLIMIT_AS does not hold memory (macOS)."""
    return (platform or sys.platform) == "darwin"


def resident_kb_by_ps(pid: int) -> int | None:
    """The resident memory of a process in KB, as ``ps`` reports it (macOS and BSD)."""
    try:
        out = subprocess.run(["ps", "-o", "rss=", "-p", str(pid)], capture_output=True, text=True, timeout=2)
        return int(out.stdout.strip()) if out.stdout.strip() else None
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


class MemoryWatchdog:
    """Polls a process's resident memory; ``exceeded`` turns true once it passes the limit."""

    def __init__(
        self,
        pid: int,
        limit_mb: int,
        read_kb: Callable[[int], int | None] = resident_kb_by_ps,
        interval: float = 0.05,
        on_exceeded: Callable[[], None] | None = None,
    ):
        self.pid = pid
        self.limit_kb = int(limit_mb) * 1024
        self.peak_kb = 0
        self.exceeded = False
        self._read = read_kb
        self._interval = interval
        self._on_exceeded = on_exceeded
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True, name=f"memory-watchdog-{pid}")

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=2)

    def check_once(self) -> bool:
        """One reading; returns True (and stops watching) when the limit is passed."""
        current = self._read(self.pid)
        if current is None:
            return False
        self.peak_kb = max(self.peak_kb, current)
        if current > self.limit_kb:
            self.exceeded = True
            self._stop.set()
            if self._on_exceeded is not None:
                self._on_exceeded()
            return True
        return False

    def _watch(self) -> None:
        while not self._stop.wait(self._interval):
            if self.check_once():
                return
