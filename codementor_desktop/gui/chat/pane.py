"""The chat pane: takes a tutor and renders its events (streamed Markdown, cards), with a box to
type in (Enter sends, Shift+Enter starts a new line), the buttons "I'm stuck", "Hint", "What
next?" and "I get it", Stop, and the active tutor's label always in sight.

Turns run in Jobs' tutor lane (``TurnRunner``); the learner keeps editing and running meanwhile.
The pane never reaches into the tutor: it calls ``turn`` (through the runner) and renders what
comes back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...tutor.events import (
    Escalated,
    HelpOffered,
    SessionConcluded,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnEnded,
    TutorError,
)
from ...tutor.replay import LearnerSaid, Shown
from ...tutor.turns import Intent, TurnContext, Tutor
from ..jobs import Jobs
from ..theme import theme_named
from .cards import ErrorCard, EscalationCard, OfferCard, SummaryCard, ToolCard
from .commands import command_in, understood, unknown
from .transcript import Transcript
from .turn import TurnRunner


def tr(text: str) -> str:
    return QCoreApplication.translate("ChatPane", text)


# The buttons: what the learner says by pressing one, and the intent the tutor receives.
BUTTONS: tuple[tuple[Intent, str, str], ...] = (
    (Intent.STUCK, tr("I'm stuck"), tr("Ask for help one step further: a hint level up, or a deeper tutor")),
    (Intent.HINT, tr("Hint"), tr("The next hint, made specific to your code")),
    (Intent.WHAT_NEXT, tr("What next?"), tr("What to practise next")),
    (Intent.GOT_IT, tr("I get it"), tr("End the session with a summary of what you learned")),
)
STYLE = (
    "QLabel#tutorLabel {{ font-weight: bold; padding: 2px 4px; }}"
    " QFrame#chatCard {{ border: 1px solid {border}; border-radius: 4px; background: {card}; }}"
    " QTextBrowser {{ background: transparent; }}"
    " QTextBrowser#learnerMessage {{ background: {bubble}; border-radius: 6px; }}"
)
MINIMUM_WIDTH = 260  # px: the buttons two by two, and a card's table said as lines, still read whole
ENDINGS = {
    "cancelled": tr("Stopped."),
    "round_limit": tr("The tutor stopped after too many tool calls in one turn."),
    "repeated_call": tr("The tutor kept repeating a failing call and was stopped."),
}


class ChatInput(QPlainTextEdit):
    """Enter sends; Shift+Enter is a new line."""

    submitted = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submitted.emit()
            return
        super().keyPressEvent(event)


class ChatPane(QWidget):
    """``openRun``/``openTrace`` ask the window to show a card's run or trace in its panel;
    ``turnEnded`` reports each turn's end once its last event is on screen."""

    openRun = Signal(object)  # noqa: N815 - Qt's signal style
    openTrace = Signal(object, object)  # noqa: N815
    turnEnded = Signal(object)  # noqa: N815
    busyChanged = Signal(bool)  # noqa: N815
    coachRequested = Signal()  # noqa: N815 - the learner accepted the offline coach after a server error

    def __init__(
        self,
        tutor: Tutor,
        jobs: Jobs,
        context: Callable[[], TurnContext] = TurnContext,
        parent: QWidget | None = None,
    ) -> None:
        """``context`` is called as each message is sent (in the GUI thread): the editor's problem and code."""
        super().__init__(parent)
        self.setObjectName("chatPane")
        # A least width, and no greatest: the learner widens the dock as far as the window lets them.
        self.setMinimumWidth(MINIMUM_WIDTH)
        self.tutor = tutor
        self.context = context
        self.cards: dict[str, ToolCard] = {}
        self.turns = TurnRunner(jobs, self)
        self.turns.events.connect(self.show_events)
        self.turns.busyChanged.connect(self._on_busy)
        self.who = QLabel(objectName="tutorLabel", textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.transcript = Transcript()
        self.buttons: dict[Intent, QPushButton] = {}
        row = QGridLayout()  # two by two: the dock stays narrow enough for a 1280-pixel screen
        row.setContentsMargins(0, 0, 0, 0)
        for place, (intent, text, tip) in enumerate(BUTTONS):
            button = QPushButton(text, objectName=f"intent_{intent.value}", toolTip=tip)
            button.clicked.connect(lambda _c=False, i=intent, t=text: self.send(t, i))
            row.addWidget(button, place // 2, place % 2)
            self.buttons[intent] = button
        self.input = ChatInput(objectName="chatInput")
        self.input.setPlaceholderText(
            tr("Ask the tutor, or /debug your plan… (Enter sends, Shift+Enter for a new line, /help lists commands)")
        )
        self.input.setAccessibleName(tr("Message to the tutor"))
        self.input.setFixedHeight(self.input.fontMetrics().lineSpacing() * 3 + 12)
        self.input.submitted.connect(lambda: self.send())
        self.send_button = QPushButton(tr("Send"), objectName="chatSend", toolTip=tr("Send (Enter)"))
        self.send_button.clicked.connect(lambda: self.send())
        self.stop_button = QPushButton(tr("Stop"), objectName="chatStop", visible=False,
                                       toolTip=tr("Stop the tutor's answer (the connection is closed)"))  # fmt: skip
        self.stop_button.clicked.connect(self.stop)
        typing = QHBoxLayout()
        typing.setContentsMargins(0, 0, 0, 0)
        typing.addWidget(self.input, 1)
        side = QVBoxLayout()
        side.addWidget(self.send_button)
        side.addWidget(self.stop_button)
        side.addStretch(1)
        typing.addLayout(side)
        # The style sheet goes on this inner widget: on the pane it would fix the pane's palette, and
        # the pane would no longer hear of the theme changing.
        self.inside = QWidget(objectName="chatInsidePane")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.inside)
        column = QVBoxLayout(self.inside)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.who)
        column.addWidget(self.transcript, 1)
        column.addLayout(row)
        column.addLayout(typing)
        self.show_label()
        self._dark: bool | None = None
        self.restyle()

    # --- talking ----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.turns.busy

    def show_label(self) -> None:
        """Which tutor answers: the offline coach, or the model's name and server."""
        self.who.setText(tr("Tutor: %s") % self.tutor.label)

    def send(self, text: str | None = None, intent: Intent = Intent.SAY) -> bool:
        """Say ``text`` (the box's text when None) to the tutor; False when nothing was sent."""
        if self.busy:
            return False
        typed = text is None
        said = (self.input.toPlainText() if text is None else text).strip()
        if not said:
            return False
        if typed:
            self.input.clear()
        command = command_in(said) if typed else None
        if command is not None and command.intent is None:
            # Answered by the chat itself: the list of what it understands (after an unknown word, with it).
            self.transcript.add_learner(said)
            self.transcript.add_note(understood() if command.known else unknown(command))
            return True
        if command is not None and command.intent is not None:
            intent = command.intent
        self.transcript.add_learner(said)
        self.turns.start(self.tutor, said, self.context(), intent)
        return True

    def set_tutor(self, tutor: Tutor, note: str = "") -> None:
        """Another tutor answers from now on (the offline coach when the server is down)."""
        self.tutor = tutor
        self.show_label()
        if note:
            self.transcript.add_note(note)

    def stop(self) -> None:
        self.turns.stop()

    def abandon(self) -> None:
        """Another learner sat down: a turn going is stopped, and the pane is ready again."""
        self.turns.abandon()

    def show_events(self, events: Sequence[Shown]) -> None:
        """Render a batch of the turn's events (GUI thread)."""
        for event in events:
            if isinstance(event, TextDelta):
                self.transcript.add_text(event.text)
            elif isinstance(event, LearnerSaid):  # an earlier turn, shown again
                self.transcript.add_learner(event.text)
            elif isinstance(event, ToolStarted):
                card = ToolCard(event)
                card.openRun.connect(self.openRun)
                card.openTrace.connect(self.openTrace)
                self.cards[event.call_id] = card
                self.transcript.add_card(card)
            elif isinstance(event, ToolFinished):
                started = self.cards.get(event.call_id)
                if started is None:  # a tutor that reports results it never started
                    started = self.cards[event.call_id] = ToolCard(ToolStarted(event.name, {}, event.call_id))
                    self.transcript.add_card(started)
                started.finish(event)
            elif isinstance(event, Escalated):
                self.transcript.add_card(EscalationCard(event))
            elif isinstance(event, SessionConcluded):
                self.transcript.add_card(SummaryCard(event))
            elif isinstance(event, HelpOffered):
                offer = OfferCard(event)
                offer.accepted.connect(lambda: self.send(tr("Yes, help me"), Intent.STUCK))
                offer.declined.connect(lambda: self.transcript.add_note(tr("No help for now: the offer stays here.")))
                self.transcript.add_card(offer)
            elif isinstance(event, TutorError):
                error = ErrorCard(event)
                error.coachRequested.connect(self.coachRequested)
                self.transcript.add_card(error)
            elif isinstance(event, TurnEnded):
                if event.reason in ENDINGS:
                    self.transcript.add_note(ENDINGS[event.reason])
                self.transcript.answer = None
                self.show_label()  # a tutor may change who answers (a server down: the coach)
                self.turnEnded.emit(event)

    def _on_busy(self, busy: bool) -> None:
        self.stop_button.setVisible(busy)
        self.send_button.setVisible(not busy)
        for button in self.buttons.values():
            button.setEnabled(not busy)
        self.busyChanged.emit(busy)

    def focus_input(self) -> None:
        self.input.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def restyle(self) -> None:
        """The pane's colours for the theme on show, named here rather than taken from ``palette()``
        in a style sheet, which keeps the colours of the moment it was applied."""
        app = QApplication.instance()
        palette = app.palette() if isinstance(app, QApplication) else self.palette()
        dark = palette.window().color().lightness() < 128
        if dark == self._dark:
            return  # applying the style sheet itself changes the palette: once per theme is enough
        self._dark = dark
        theme = theme_named("dark" if dark else "light")
        self.inside.setStyleSheet(STYLE.format(card=theme.alternate, border=theme.disabled, bubble=theme.button))
        self.transcript.set_dark(dark)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        """The theme changed (the application's palette): code blocks take its colours."""
        if event.type() == QEvent.Type.PaletteChange:
            self.restyle()
        super().changeEvent(event)

    def shutdown(self) -> None:
        """Stop a turn going (the window closing; Jobs waits for its thread)."""
        self.turns.shutdown()
