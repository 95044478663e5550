"""Stop a turn from another thread: a flag the tools see, and the close of the open HTTP stream."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable


class Cancellation:
    """``cancel()`` sets ``event`` (which tool calls watch) and runs every closer registered while
    something is open. Closing a stream from another thread must shut its socket down: closing
    the response alone leaves the reading thread blocked until the server sends more."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self.reason = ""
        self._lock = threading.Lock()
        self._closers: list[Callable[[], None]] = []

    @property
    def cancelled(self) -> bool:
        return self.event.is_set()

    def cancel(self, reason: str = "stopped") -> None:
        with self._lock:
            if self.event.is_set():
                return
            self.reason = reason
            self.event.set()
            closers, self._closers = self._closers, []
        for close in closers:
            close()

    def on_cancel(self, close: Callable[[], None]) -> Callable[[], None]:
        """Run ``close`` on cancel (now, if already cancelled); returns the function that forgets it."""
        with self._lock:
            if not self.event.is_set():
                self._closers.append(close)
                return lambda: self._forget(close)
        close()
        return lambda: None

    def _forget(self, close: Callable[[], None]) -> None:
        with self._lock:
            if close in self._closers:
                self._closers.remove(close)


def shut_down(sock: socket.socket | None) -> None:
    """Wake a thread blocked reading ``sock``: the server sees the connection close."""
    if sock is None:
        return
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # already closed: nothing left to wake
