"""The chat in the window: a dock beside the editor with one conversation per problem, the View
command that shows it and puts the caret in its box (Ctrl+Shift+T), and the window's side of the
cards' buttons (a run opens in the Tests tab, a trace in the Trace tab).

The window is handed a ``tutor_factory``, called as ``open_tutor(services, learner,
ask_consent=..., confirm_write=...)`` is: by default the tutor package's own, imported when the first tutor is made.
A tutor is made when the dock is on show and a problem is open, one per learner and problem, and
kept while the window lives: going back to a problem goes back to its conversation.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QStackedWidget

from ...tutor.events import HelpOffered
from ...tutor.replay import continued
from ...tutor.turns import TurnContext, Tutor
from ..debugger.test_input import traced_text
from ..text import escaped
from .consent import CloudNotice, WriteConfirmation
from .pane import ChatPane
from .richtext import RichText
from .stuck_watch import Key, StuckWatch

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..main_window import MainWindow

log = logging.getLogger(__name__)
TutorFactory = Callable[..., Tutor]  # (services, learner, *, ask_consent, confirm_write) -> Tutor
DOCK_WIDTH = 320


def tr(text: str) -> str:
    return QCoreApplication.translate("ChatSeat", text)


def offline_coach(services: Services, learner: str) -> Tutor:
    """The coach built into the app, which needs no server."""
    from ...tutor.coach import OfflineCoach  # type: ignore[import-not-found,unused-ignore]

    coach: Tutor = OfflineCoach(services, learner)
    return coach


def open_tutor(services: Services, learner: str, **options: Any) -> Tutor:
    """The app's tutor: the offline coach, or a model when an endpoint is set."""
    from ...tutor.factory import open_tutor as opened  # type: ignore[import-not-found,unused-ignore]

    tutor: Tutor = opened(services, learner, **options)
    return tutor


class ChatSeat(QObject):
    def __init__(self, window: MainWindow, factory: TutorFactory | None = None):
        super().__init__(window)
        self.window = window
        self.factory = factory or open_tutor
        self.coach_factory: Callable[[Services, str], Tutor] = offline_coach
        self.panes: dict[tuple[str, str], ChatPane] = {}
        self.notice = CloudNotice(window)
        self.confirm_write = WriteConfirmation(window)  # a model's call that would change the learner's data
        self.placeholder = RichText(tr("<i>Open a problem to talk with the tutor about it.</i>"), "chatPlaceholder")
        self.stack = QStackedWidget(objectName="chatStack")
        self.stack.addWidget(self.placeholder)
        self.dock = QDockWidget(tr("Tutor"), window, objectName="tutorDock")
        self.dock.setWidget(self.stack)
        self.dock.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        window.resizeDocks([self.dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        self.dock.visibilityChanged.connect(lambda shown: self.follow() if shown else None)
        self.toggle_action = self.dock.toggleViewAction()
        self.toggle_action.setText(tr("Tutor chat"))
        self.toggle_action.setToolTip(tr("Show or hide the tutor's chat"))
        self.focus_action = QAction(tr("Talk to the tutor"), window)
        self.focus_action.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.focus_action.setToolTip(tr("Show the tutor's chat and type in it"))
        self.focus_action.triggered.connect(lambda _checked=False: self.focus())
        window.addAction(self.focus_action)
        self.stuck = StuckWatch(self._current_key, self)
        self.stuck.offered.connect(self._offer_help)
        self._runs_watched = False

    @property
    def pane(self) -> ChatPane | None:
        """The conversation on show, if any."""
        shown = self.stack.currentWidget()
        return shown if isinstance(shown, ChatPane) else None

    def follow(self) -> ChatPane | None:
        """Show the conversation of the problem open in the editor (making its tutor the first time)."""
        window = self.window
        if not window.ready or not self.dock.isVisible() or window.problem_id is None:
            return self.pane
        if not self._runs_watched:  # the window's worker exists once the window is ready
            window.worker.finished.connect(self.stuck.poke)  # a run ended: was it the third failing one?
            self._runs_watched = True
        key = (window.worker.learner, window.problem_id)  # another learner at the keyboard: another conversation
        pane = self.panes.get(key)
        if pane is None:
            learner = window.worker.learner
            try:
                # The conversation left open about this problem goes on, shown as it was.
                session_id, past = continued(window.services, learner, window.problem_id)
                options = {"session_id": session_id} if session_id else {}
                tutor = self.factory(
                    window.services, learner, ask_consent=self.notice, confirm_write=self.confirm_write, **options
                )
            except Exception as exc:  # noqa: BLE001 - a tutor that cannot start is said, not raised
                log.exception("the tutor could not start")
                self.placeholder.setText(tr("<b>The tutor could not start</b>: %s") % escaped(exc))
                self.stack.setCurrentWidget(self.placeholder)
                return None
            pane = self.panes[key] = ChatPane(tutor, self.context)
            if past:
                pane.show_events(past)
                pane.transcript.add_note(tr("The conversation goes on from where you left it."))
            self.stuck.watch(key, window.services)
            pane.openRun.connect(self.open_run)
            pane.openTrace.connect(self.open_trace)
            pane.turnEnded.connect(lambda _ended: window.hints.refresh())  # a hint the tutor gave counts
            pane.coachRequested.connect(lambda p=pane: self.use_coach(p))
            self.stack.addWidget(pane)
        self.stack.setCurrentWidget(pane)
        return pane

    def _current_key(self) -> Key | None:
        window = self.window
        if not window.ready or window.problem_id is None:
            return None
        return (window.worker.learner, window.problem_id)

    def _offer_help(self, key: Key, offer: object) -> None:
        """A stuck signal fired: its conversation offers help, as a question (once)."""
        pane = self.panes.get(key)
        if pane is not None and isinstance(offer, HelpOffered):
            pane.show_events([offer])

    def use_coach(self, pane: ChatPane) -> None:
        """The model's server is not answering: the offline coach goes on with this conversation."""
        if pane.busy:
            return
        try:
            coach = self.coach_factory(self.window.services, self.window.worker.learner)
        except Exception as exc:  # noqa: BLE001 - said in the conversation, not raised
            log.exception("the offline coach could not start")
            pane.transcript.add_note(tr("The offline coach could not start: %s") % escaped(exc))
            return
        pane.set_tutor(coach, tr("The offline coach answers from here on."))

    def focus(self) -> None:
        self.dock.show()
        self.dock.raise_()
        pane = self.follow()
        if pane is not None:
            pane.focus_input()

    def context(self) -> TurnContext:
        """Where the learner is as they speak (GUI thread): the problem, the editor's code and language."""
        window = self.window
        free = window.documents.current.free  # a scratch buffer or a file: no problem to judge against
        return TurnContext(None if free else window.problem_id, window.editor.text(), window.current_language)

    # --- the cards' buttons -----------------------------------------------------------------
    def open_run(self, result: dict) -> None:
        """A run the tutor made, in the Tests tab."""
        self.window.tests.show_result(result)
        self.window.show_tab(self.window.tests)

    def open_trace(self, arguments: Any, result: dict) -> None:
        """A trace the tutor made, in the Trace tab: traced again there, on the same input, so that
        every step can be stepped through (a tool's result carries only its last steps)."""
        window = self.window
        arguments = arguments if isinstance(arguments, dict) else {}
        problem = window.services.bank.get(window.problem_id) if window.problem_id else None
        text = traced_text(problem, arguments) if problem is not None else None
        if problem is None or text is None:
            window.say(tr("Trace (F5) traces your code; that trace's input cannot be opened here."))
            return
        if arguments.get("code") not in (None, window.editor.text()):
            window.say(tr("Your code changed since the tutor traced it: tracing it as it is now."))
        window.debugger.trace((tr("the tutor's input"), text))

    def shutdown(self) -> None:
        """Stop every turn going and wait for its thread (the window closing)."""
        self.notice.close()
        self.confirm_write.close()
        self.stuck.shutdown()
        for pane in self.panes.values():
            pane.shutdown()
