"""A tutor turn off the GUI thread, its events handed to the window in batches.

``TutorWorker`` lives in the GUI thread; each turn runs ``tutor.turn`` on its own Python thread,
whose ``emit`` only appends to a queue (called in the turn's thread: it touches no widget). A
timer in the GUI thread drains the queue every ``FLUSH_MS``, joins the text pieces that came
together into one, and reports the batch through ``events``: a model streaming hundreds of
tokens a second costs the window twenty repaints a second, not hundreds. Every turn has an id;
events of a turn that is no longer current are dropped (latest job wins). Stop cancels the turn's
``Cancellation``: the provider shuts its HTTP stream and the tool calls see the event.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections import deque

from PySide6.QtCore import QObject, QTimer, Signal

from ...tutor.cancellation import Cancellation
from ...tutor.events import TextDelta, TurnEnded, TutorError, TutorEvent
from ...tutor.turns import Intent, TurnContext, Tutor

log = logging.getLogger(__name__)
FLUSH_MS = 50


def batched(events: list[TutorEvent]) -> list[TutorEvent]:
    """Consecutive text pieces joined into one; everything else kept in order."""
    joined: list[TutorEvent] = []
    for event in events:
        if isinstance(event, TextDelta) and joined and isinstance(joined[-1], TextDelta):
            joined[-1] = TextDelta(joined[-1].text + event.text)
        else:
            joined.append(event)
    return joined


class TutorWorker(QObject):
    """Runs one turn at a time. ``events`` (GUI thread) carries a batch of a turn's events;
    ``busyChanged`` says when a turn starts and when its last event has been delivered."""

    events = Signal(object)  # list[TutorEvent]
    busyChanged = Signal(bool)  # noqa: N815 - Qt's signal style

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._ids = itertools.count(1)
        self._current = 0
        self._queue: deque[tuple[int, TutorEvent]] = deque()  # appended in a turn's thread, read here
        self._thread: threading.Thread | None = None
        self._cancellation: Cancellation | None = None
        self._timer = QTimer(self, objectName="chatFlush", interval=FLUSH_MS)
        self._timer.timeout.connect(self.flush)

    @property
    def busy(self) -> bool:
        return self._cancellation is not None

    def start(self, tutor: Tutor, said: str, context: TurnContext, intent: Intent = Intent.SAY) -> int:
        """Start a turn (GUI thread); a turn still going is stopped first. Returns the turn's id."""
        self.stop()
        turn_id = next(self._ids)
        self._current = turn_id
        cancellation = self._cancellation = Cancellation()
        queue = self._queue

        def emit(event: TutorEvent) -> None:  # in the turn's thread
            queue.append((turn_id, event))

        def run() -> None:  # in the turn's thread: nothing escapes it, and it always ends with TurnEnded
            try:
                tutor.turn(said, emit, cancellation, context=context, intent=intent)
            except Exception as exc:  # noqa: BLE001 - a tutor's bug is shown, not raised into Qt
                log.exception("the tutor's turn failed")
                emit(TutorError(f"The tutor failed: {type(exc).__name__}: {exc}", "internal"))
                emit(TurnEnded("error", 0))

        self._thread = threading.Thread(target=run, name=f"tutor-turn-{turn_id}", daemon=True)
        self._thread.start()
        self._timer.start()
        self.busyChanged.emit(True)
        return turn_id

    def stop(self) -> None:
        """Stop the turn going (GUI thread): its stream is closed; its ``TurnEnded`` still arrives."""
        if self._cancellation is not None:
            self._cancellation.cancel("the learner pressed Stop")

    def flush(self) -> None:
        """Deliver what the turn has said since the last flush (GUI thread)."""
        taken: list[TutorEvent] = []
        ended = False
        while self._queue:
            turn_id, event = self._queue.popleft()
            if turn_id != self._current:
                continue  # a turn replaced by a newer one
            taken.append(event)
            ended = ended or isinstance(event, TurnEnded)
        if taken:
            self.events.emit(batched(taken))
        if ended:
            self._finish()

    def _finish(self) -> None:
        self._timer.stop()
        self._cancellation = None
        self.busyChanged.emit(False)

    def shutdown(self, seconds: float = 10.0) -> None:
        """Stop the turn and wait for its thread (the window closing)."""
        self.stop()
        if self._thread is not None:
            self._thread.join(seconds)
            self._thread = None
        self._timer.stop()
        self._cancellation = None
