"""A tutor turn off the GUI thread, through ``Jobs.stream`` in the tutor's lane, its events handed
to the pane in batches.

The turn runs ``tutor.turn`` on the lane's thread, whose ``emit`` reaches the GUI thread through
Jobs; the events wait there in a list that a timer drains every ``FLUSH_MS``, joining the text
pieces that came together into one: a model streaming hundreds of tokens a second costs the window
twenty repaints a second, not hundreds. Stop cancels the turn's ``Cancellation``: the provider
shuts its HTTP stream, the tool calls see the event, and the turn still ends with its
``TurnEnded``. A turn superseded in the lane (another conversation asked) or about a learner who
left is stopped the same way, and ends at once for the pane.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from ...tutor.cancellation import Cancellation
from ...tutor.events import TextDelta, TurnEnded, TutorError, TutorEvent
from ...tutor.turns import Intent, TurnContext, Tutor
from ..jobs import Call, Jobs

log = logging.getLogger(__name__)
FLUSH_MS = 50
LANE = "tutor"  # one turn at a time, whichever conversation it is in


def batched(events: list[TutorEvent]) -> list[TutorEvent]:
    """Consecutive text pieces joined into one; everything else kept in order."""
    joined: list[TutorEvent] = []
    for event in events:
        if isinstance(event, TextDelta) and joined and isinstance(joined[-1], TextDelta):
            joined[-1] = TextDelta(joined[-1].text + event.text)
        else:
            joined.append(event)
    return joined


class TurnRunner(QObject):
    """Runs one pane's turns. ``events`` (GUI thread) carries a batch of a turn's events;
    ``busyChanged`` says when a turn starts and when its last event has been delivered."""

    events = Signal(object)  # list[TutorEvent]
    busyChanged = Signal(bool)  # noqa: N815 - Qt's signal style

    def __init__(self, jobs: Jobs, parent: QObject | None = None):
        super().__init__(parent)
        self.jobs = jobs
        self.batches = 0  # batches delivered (a test counts them)
        self._call: Call | None = None
        self._cancellation: Cancellation | None = None
        self._pending: list[TutorEvent] = []
        self._timer = QTimer(self, objectName="chatFlush", interval=FLUSH_MS)
        self._timer.timeout.connect(self.flush)

    @property
    def busy(self) -> bool:
        return self._cancellation is not None

    def start(self, tutor: Tutor, said: str, context: TurnContext, intent: Intent = Intent.SAY) -> Call:
        """Start a turn (GUI thread); a turn of this pane still going is stopped first."""
        self.stop()
        cancellation = self._cancellation = Cancellation()
        self._pending = []

        def work(emit: Callable[[TutorEvent], None]) -> None:  # on the lane's thread: nothing escapes
            try:
                tutor.turn(said, emit, cancellation, context=context, intent=intent)
            except Exception as exc:  # noqa: BLE001 - a tutor's bug is shown, not raised into Qt
                log.exception("the tutor's turn failed")
                emit(TutorError(f"The tutor failed: {type(exc).__name__}: {exc}", "internal"))
                emit(TurnEnded("error", 0))

        self._call = self.jobs.stream(
            work, lambda event: self._on_event(cancellation, event), lambda _value: self.flush(),
            name="tutor turn", lane=LANE,
            on_cancelled=lambda: self._abandon(cancellation), threaded=True,
        )  # fmt: skip
        self._timer.start()
        self.busyChanged.emit(True)
        return self._call

    def _on_event(self, cancellation: Cancellation, event: TutorEvent) -> None:
        if cancellation is self._cancellation:  # not an older turn's
            self._pending.append(event)

    def stop(self) -> None:
        """Stop the turn going (GUI thread): its stream is closed; its ``TurnEnded`` still arrives."""
        if self._cancellation is not None:
            self._cancellation.cancel("the learner pressed Stop")

    def abandon(self) -> None:
        """The turn's answer will not be shown (another learner sat down): stopped, and over now."""
        if self._cancellation is not None:
            self._abandon(self._cancellation)

    def _abandon(self, cancellation: Cancellation) -> None:
        cancellation.cancel("stopped")
        if cancellation is not self._cancellation:
            return  # an older turn, or this one already over
        self._cancellation = None  # over now: whatever it still says is dropped
        call, self._call = self._call, None
        if call is not None:
            call.cancel()  # its callbacks are silenced (it may be so already)
        self._pending = [TurnEnded("cancelled", 0)]
        self.flush()

    def flush(self) -> None:
        """Deliver what the turn has said since the last flush (GUI thread)."""
        taken, self._pending = self._pending, []
        if not taken:
            return
        self.batches += 1
        self.events.emit(batched(taken))
        if any(isinstance(event, TurnEnded) for event in taken):
            self._finish()

    def _finish(self) -> None:
        self._timer.stop()
        self._cancellation = None
        self._call = None
        self.busyChanged.emit(False)

    def shutdown(self) -> None:
        """Stop the turn (the window closing): Jobs' shutdown waits for its thread."""
        self.stop()
        self._timer.stop()
