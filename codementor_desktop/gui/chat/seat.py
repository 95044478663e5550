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
from PySide6.QtWidgets import QDockWidget, QMainWindow, QStackedWidget

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
    from ..jobs import Jobs
    from ..session import Session

log = logging.getLogger(__name__)
TutorFactory = Callable[..., Tutor]  # (services, learner, *, ask_consent, confirm_write) -> Tutor
DOCK_WIDTH = 320


def tr(text: str) -> str:
    return QCoreApplication.translate("ChatSeat", text)


NO_PROBLEM = tr("<i>Open a problem to talk with the tutor about it.</i>")


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
    """The tutor's dock of ``host``. It follows the session: the conversation on show is the
    session's learner's about the session's problem (none for a file or a scratch buffer)."""

    def __init__(self, host: QMainWindow, session: Session, jobs: Jobs, factory: TutorFactory | None = None):
        super().__init__(host)
        self.session = session
        self.jobs = jobs
        self.services: Services | None = None  # set by ``attach``, once they are loaded
        self.factory = factory or open_tutor
        self.coach_factory: Callable[[Services, str], Tutor] = offline_coach
        self.panes: dict[tuple[str, str], ChatPane] = {}
        self.notice = CloudNotice(host)
        self.confirm_write = WriteConfirmation(host)  # a model's call that would change the learner's data
        self.placeholder = RichText(NO_PROBLEM, "chatPlaceholder")
        self.stack = QStackedWidget(objectName="chatStack")
        self.stack.addWidget(self.placeholder)
        self.dock = QDockWidget(tr("Tutor"), host, objectName="tutorDock")
        self.dock.setWidget(self.stack)
        self.dock.setAllowedAreas(Qt.DockWidgetArea.LeftDockWidgetArea | Qt.DockWidgetArea.RightDockWidgetArea)
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        host.resizeDocks([self.dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)
        self.dock.visibilityChanged.connect(lambda shown: self.follow() if shown else None)
        self.toggle_action = self.dock.toggleViewAction()
        self.toggle_action.setText(tr("Tutor chat"))
        self.toggle_action.setToolTip(tr("Show or hide the tutor's chat"))
        self.focus_action = QAction(tr("Talk to the tutor"), host)
        self.focus_action.setShortcut(QKeySequence("Ctrl+Shift+T"))
        self.focus_action.setToolTip(tr("Show the tutor's chat and type in it"))
        self.focus_action.triggered.connect(lambda _checked=False: self.focus())
        host.addAction(self.focus_action)
        self.stuck = StuckWatch(self._current_key, self)
        self.stuck.offered.connect(self._offer_help)
        session.result_changed.connect(self._on_result)
        session.problem_changed.connect(self._on_problem)
        session.learner_changed.connect(self._on_learner)
        self.code: Callable[[], str] = str
        self.say: Callable[[str], None] = lambda _text: None
        self.show_run: Callable[[dict], None] = lambda _result: None
        self.trace: Callable[[tuple[str, str]], object] = lambda _case: None
        self.hint_taken: Callable[[], None] = lambda: None

    def attach(
        self,
        services: Services,
        *,
        code: Callable[[], str],
        say: Callable[[str], None],
        show_run: Callable[[dict], None],
        trace: Callable[[tuple[str, str]], object],
        hint_taken: Callable[[], None],
    ) -> None:
        """The services are loaded: conversations can start. ``code`` reads the editor's code;
        ``show_run`` shows a run in the Tests tab, ``trace`` traces the code on an input (the
        cards' buttons); ``hint_taken`` tells that the tutor gave a hint."""
        self.services = services
        self.code, self.say, self.show_run, self.trace, self.hint_taken = code, say, show_run, trace, hint_taken
        self.follow()

    def _on_result(self, kind: str, result: object) -> None:
        if kind == "run" and result is not None:
            self.stuck.poke()  # a run ended: was it the third failing one?

    def _on_problem(self, _problem_id: object) -> None:
        self.follow()

    def _on_learner(self, name: str) -> None:
        """Another learner: a turn of the last one's is stopped (its answer is not theirs)."""
        for (learner, _problem), pane in self.panes.items():
            if learner != name:
                pane.abandon()
        self.follow()

    @property
    def pane(self) -> ChatPane | None:
        """The conversation on show, if any."""
        shown = self.stack.currentWidget()
        return shown if isinstance(shown, ChatPane) else None

    def follow(self) -> ChatPane | None:
        """Show the conversation of the session's problem (making its tutor the first time)."""
        services, problem_id = self.services, self.session.problem_id
        if services is None:
            return self.pane
        if problem_id is None:  # a file or a scratch buffer: no conversation of the last problem stays
            self.placeholder.setText(NO_PROBLEM)
            self.stack.setCurrentWidget(self.placeholder)
            return None
        if not self.dock.isVisible():
            return self.pane
        learner = self.session.learner
        key = (learner, problem_id)  # another learner at the keyboard: another conversation
        pane = self.panes.get(key)
        if pane is None:
            try:
                # The conversation left open about this problem goes on, shown as it was.
                session_id, past = continued(services, learner, problem_id)
                options = {"session_id": session_id} if session_id else {}
                tutor = self.factory(
                    services, learner, ask_consent=self.notice, confirm_write=self.confirm_write, **options
                )
            except Exception as exc:  # noqa: BLE001 - a tutor that cannot start is said, not raised
                log.exception("the tutor could not start")
                self.placeholder.setText(tr("<b>The tutor could not start</b>: %s") % escaped(exc))
                self.stack.setCurrentWidget(self.placeholder)
                return None
            pane = self.panes[key] = ChatPane(tutor, self.jobs, self.context)
            if past:
                pane.show_events(past)
                pane.transcript.add_note(tr("The conversation goes on from where you left it."))
            self.stuck.watch(key, services)
            pane.openRun.connect(self.open_run)
            pane.openTrace.connect(self.open_trace)
            pane.turnEnded.connect(lambda _ended: self.hint_taken())  # a hint the tutor gave counts
            pane.coachRequested.connect(lambda p=pane: self.use_coach(p))
            self.stack.addWidget(pane)
        self.stack.setCurrentWidget(pane)
        return pane

    def _current_key(self) -> Key | None:
        if self.services is None or self.session.problem_id is None:
            return None
        return (self.session.learner, self.session.problem_id)

    def _offer_help(self, key: Key, offer: object) -> None:
        """A stuck signal fired: its conversation offers help, as a question (once); not during a
        mock interview, where the tutor is off."""
        if self.session.interview_lock.on:
            return
        pane = self.panes.get(key)
        if pane is not None and isinstance(offer, HelpOffered):
            pane.show_events([offer])

    def use_coach(self, pane: ChatPane) -> None:
        """The model's server is not answering: the offline coach goes on with this conversation."""
        if pane.busy or self.services is None:
            return
        try:
            coach = self.coach_factory(self.services, self.session.learner)
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
        return TurnContext(self.session.problem_id, self.code(), self.session.language)

    # --- the cards' buttons -----------------------------------------------------------------
    def open_run(self, result: dict) -> None:
        """A run the tutor made, in the Tests tab."""
        self.show_run(result)

    def open_trace(self, arguments: Any, result: dict) -> None:
        """A trace the tutor made, in the Trace tab: traced again there, on the same input, so that
        every step can be stepped through (a tool's result carries only its last steps)."""
        arguments = arguments if isinstance(arguments, dict) else {}
        problem_id = self.session.problem_id
        problem = self.services.bank.get(problem_id) if self.services is not None and problem_id else None
        text = traced_text(problem, arguments) if problem is not None else None
        if problem is None or text is None:
            self.say(tr("Trace (F5) traces your code; that trace's input cannot be opened here."))
            return
        if arguments.get("code") not in (None, self.code()):
            self.say(tr("Your code changed since the tutor traced it: tracing it as it is now."))
        self.trace((tr("the tutor's input"), text))

    def shutdown(self) -> None:
        """Stop every turn going and wait for its thread (the window closing)."""
        self.notice.close()
        self.confirm_write.close()
        self.stuck.shutdown()
        for pane in self.panes.values():
            pane.shutdown()
