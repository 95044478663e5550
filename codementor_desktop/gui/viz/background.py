"""One function run off the GUI thread, its result delivered back as a signal.

For work that cannot be cut into slices (a Mermaid diagram of a 100,000-step trace, importing
pyqtgraph and networkx ahead of the first drawing). The thread is a plain Python thread that
ends with the function; ``wait`` joins it, and the panel calls it when it shuts down.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal


class BackgroundCall(QObject):
    done = Signal(object)
    failed = Signal(str)

    def __init__(self, function: Callable[[], Any], name: str, parent: QObject | None = None):
        super().__init__(parent)
        self._function = function
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> BackgroundCall:
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def wait(self, seconds: float = 60.0) -> None:
        if self._thread.ident is not None:
            self._thread.join(seconds)

    def _run(self) -> None:  # on the background thread: emits data only
        try:
            result = self._function()
        except Exception as exc:  # noqa: BLE001 - nothing escapes a background call
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.done.emit(result)
