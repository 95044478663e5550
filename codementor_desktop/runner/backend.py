"""What the executor runs on: a backend (local child processes, or a Piston server), and the two
ways a backend refuses a run. Apart from the executor so that what a backend runs (the coverage
pass, the batch children) can name it without importing the executor that runs them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .child.wire import Job
    from .protocol import ChildReport


class UnsupportedLanguage(ValueError):
    """A language this backend cannot run."""

    def __init__(self, language: str, supported: tuple[str, ...], reason: str = ""):
        self.language = language
        self.supported = supported
        self.reason = reason  # what to do about it (install Node, use Piston), when the backend knows
        super().__init__(f"{language!r} cannot run here; supported: {', '.join(supported)}")


class BackendUnavailable(RuntimeError):
    """The backend (a Piston server, Node) is not reachable; ``address`` says which."""

    def __init__(self, message: str, address: str = ""):
        self.address = address
        super().__init__(message)


class Backend(Protocol):
    name: str

    @property
    def languages(self) -> tuple[str, ...]: ...

    def run(
        self,
        job: Job,
        deadline_seconds: float,
        cancel: threading.Event | None = None,
        on_frame: Callable[[dict], None] | None = None,
    ) -> ChildReport: ...
