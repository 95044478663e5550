"""A bounded queue in front of a shared execution server: at most ``running`` of this app's runs
at the server at once, at most ``waiting`` more waiting for a turn, and a clear refusal beyond
that (or after ``patience`` seconds of waiting) rather than piling requests on a saturated lab
server. One gate per server address, shared by every backend object this process makes."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from .backend import BackendUnavailable


class Saturated(BackendUnavailable):
    """The server has all the runs this app may send it, and the queue in front of it is full."""


class RunGate:
    def __init__(self, running: int, waiting: int, patience: float) -> None:
        self.running, self.waiting, self.patience = max(1, running), max(0, waiting), patience
        self._slots = threading.Semaphore(self.running)
        self._lock = threading.Lock()
        self._queued = 0

    @property
    def queued(self) -> int:
        with self._lock:
            return self._queued

    @contextmanager
    def turn(self, server: str, cancel: threading.Event | None, cancelled: type[Exception]) -> Iterator[None]:
        """Hold one of the server's slots for the block; raises ``Saturated`` when the queue is
        full or the wait runs out, ``cancelled`` when ``cancel`` is set while waiting."""
        if not self._slots.acquire(blocking=False):
            with self._lock:
                if self._queued >= self.waiting:
                    raise Saturated(
                        f"The execution server at {server} is saturated: {self.running} of this app's runs are "
                        f"on it and {self._queued} more are waiting. Try again in a moment.",
                        server,
                    )
                self._queued += 1
            try:
                deadline = time.monotonic() + self.patience
                while not self._slots.acquire(timeout=0.05):
                    if cancel is not None and cancel.is_set():
                        raise cancelled()
                    if time.monotonic() > deadline:
                        raise Saturated(
                            f"The execution server at {server} is saturated: no turn came within "
                            f"{self.patience:.0f} s. Try again in a moment.",
                            server,
                        )
            finally:
                with self._lock:
                    self._queued -= 1
        try:
            yield
        finally:
            self._slots.release()


_gates: dict[str, RunGate] = {}
_gates_lock = threading.Lock()


def gate_for(server: str, running: int, waiting: int, patience: float = 60.0) -> RunGate:
    """The gate of ``server`` (made on first use; later sizes replace it when they differ)."""
    with _gates_lock:
        gate = _gates.get(server)
        if gate is None or (gate.running, gate.waiting) != (max(1, running), max(0, waiting)):
            gate = _gates[server] = RunGate(running, waiting, patience)
        return gate
