"""Stuck signals in the window: after each run the window makes, and every half minute, the open
problem's signals are read and an offer of help fired by one of them goes into that problem's
conversation, once.

They are read on the GUI thread, once the run's own handlers are done: one indexed query of the
runs made since the last look, about a millisecond. A thread of its own would cost more than it
saves, and Python work on a plain thread may let the garbage collector free Qt objects there.

What counts as stuck is the tutor package's (``tutor.stuck.StuckSignals``): three failing runs of
one test since the problem was opened, or twice the problem's estimated time on it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from ...tutor.events import HelpOffered
from ...tutor.stuck import StuckSignals

if TYPE_CHECKING:
    from ...tools.workbench import Workbench

log = logging.getLogger(__name__)
Key = tuple[str, str]  # (learner, problem id): one conversation
CHECK_EVERY_MS = 30_000  # the time signal needs no finer grain than this


class StuckWatch(QObject):
    """The stuck signals of each conversation the window has opened; ``offered`` carries the
    conversation's key and the offer, on the GUI thread."""

    offered = Signal(object, object)

    def __init__(self, current: Callable[[], Key | None], parent: QObject | None = None) -> None:
        """``current`` names the conversation on show (None: no problem open)."""
        super().__init__(parent)
        self._current = current
        self._signals: dict[Key, StuckSignals] = {}
        self._closed = False
        self._due = False
        self._timer = QTimer(self, interval=CHECK_EVERY_MS)
        self._timer.timeout.connect(self.poke)
        self._timer.start()

    def watch(self, key: Key, workbench: Workbench) -> None:
        """Start the clock and the count of runs of a conversation (when its problem is first opened)."""
        if key not in self._signals:
            learner, problem_id = key
            self._signals[key] = StuckSignals(workbench, learner, problem_id)

    def poke(self, *_args: Any) -> None:
        """Read the signals of the conversation on show soon (a run just ended, or the half minute is up)."""
        if not self._due and not self._closed:
            self._due = True
            QTimer.singleShot(0, self, self._check)

    def _check(self) -> None:
        self._due = False
        key = self._current()
        if key is None or self._closed:
            return
        signals = self._signals.get(key)
        if signals is None or signals.offered is not None:
            return
        try:
            offer = signals.check()
        except Exception:  # noqa: BLE001 - a signal that cannot be read offers nothing; the chat goes on
            log.exception("stuck signals of %s could not be read", key)
            return
        if isinstance(offer, HelpOffered) and not self._closed:
            self.offered.emit(key, offer)

    def shutdown(self) -> None:
        self._closed = True
        self._timer.stop()
