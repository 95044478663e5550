"""The Solutions command: a button at the statement's corner and View ▸ Solutions… (Ctrl+Alt+S)
open the Solutions view of the problem on show, a window of its own.

What it shows is the services' answer (``services.solutions``): locked, with why and what would
open it, until the learner's own accepted Submit or every hint taken and confirmed; then the
references beside the learner's code, and both codes' operation counts, counted off the GUI thread
(``Jobs``, a lane of its own: a new count stops the last). It follows the session: another
problem, language or learner, and it shows theirs (locked again, as the case may be); a Submit
that passes opens it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence, QTextCursor
from PySide6.QtWidgets import QMenu, QMenuBar, QTextEdit, QToolButton, QWidget

from ...tools.solutions import Cancelled, Locked, OperationCounts, SolutionPage
from ..menu_bar import describe
from .view import SolutionsView

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..jobs import Call, Jobs
    from ..session import Session

LANE = "solutions"
CORNER_GAP = 6


def tr(text: str) -> str:
    return QCoreApplication.translate("Solutions", text)


class Solutions(QObject):
    """The command, the statement's button and the view (built when first opened)."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        statement: QWidget,
        host: QWidget,
        menu_bar: QMenuBar,
        code: Callable[[], str],
        say: Callable[[str], None],
        ask: Callable[[QWidget, str], bool] | None = None,
    ):
        super().__init__(host)
        self.session, self.jobs, self.services = session, jobs, services
        self.host, self.statement, self.code, self.say, self._ask = host, statement, code, say, ask
        self.view: SolutionsView | None = None
        self._counting: Call | None = None
        self._stop = threading.Event()
        self.action = QAction(tr("&Solutions…"), host)
        self.action.setShortcut(QKeySequence("Ctrl+Alt+S"))
        self.action.setToolTip(tr("The reference solutions, once you have solved the problem"))
        self.action.triggered.connect(lambda _checked=False: self.open())
        host.addAction(self.action)
        view_menu = QCoreApplication.translate("Menus", "&View")
        menu = next((a.menu() for a in menu_bar.actions() if a.text() == view_menu), None)
        if isinstance(menu, QMenu):
            menu.addSeparator()
            menu.addAction(self.action)
            describe(menu)  # its accessible name, status tip and what's-this, with its keys
        self.button = QToolButton(statement)
        self.button.setObjectName("solutionsButton")
        self.button.setDefaultAction(self.action)
        self.button.setText(tr("Solutions"))
        self.button.setAutoRaise(False)
        statement.installEventFilter(self)
        self._place_button()
        self.button.show()  # the window shows before it is attached: a child made since shows itself
        if isinstance(statement, QTextEdit):
            statement.textChanged.connect(self._keep_title_clear)
        session.problem_changed.connect(self._follow)
        session.language_changed.connect(self._follow)
        session.learner_changed.connect(self._follow)
        session.result_changed.connect(self._on_result)
        session.interview_lock.changed.connect(self._on_interview)
        self._follow()

    # --- the button ---------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.statement and event.type() in (QEvent.Type.Resize, QEvent.Type.Show):
            self._place_button()
        return False

    def _place_button(self) -> None:
        """Top right of the statement, clear of its scroll bar."""
        self.button.adjustSize()
        bar = getattr(self.statement, "verticalScrollBar", lambda: None)()
        room = bar.width() if bar is not None and bar.isVisible() else 0
        self.button.move(self.statement.width() - self.button.width() - room - CORNER_GAP, CORNER_GAP)
        self.button.raise_()

    def _keep_title_clear(self) -> None:
        """The statement's title (its first block) wraps before the button rather than under it."""
        if not isinstance(self.statement, QTextEdit):
            return
        block = self.statement.document().firstBlock()
        room = float(self.button.width() + 2 * CORNER_GAP)
        if not block.isValid() or block.blockFormat().rightMargin() == room:
            return  # kept already (and so no second change, no second signal)
        shape = block.blockFormat()
        shape.setRightMargin(room)
        QTextCursor(block).setBlockFormat(shape)

    def _describe_button(self) -> None:
        """The command's tip (the button shows its action's) says whether the view is open."""
        problem_id = self.session.problem_id
        if problem_id is None or problem_id not in self.services.bank:
            self.action.setEnabled(False)
            tip = tr("Solutions are shown for the bank's problems")
        else:
            self.action.setEnabled(True)
            access = self.services.solutions.access(self.session.learner, problem_id)
            tip = tr("Open the reference solutions") if access.unlocked else tr("Locked: %s") % access.unlock_by[0]
        self.action.setToolTip(tip)
        self.action.setStatusTip(tip)
        self.button.setText(tr("Solutions"))  # not the menu's "&Solutions…"

    # --- following the session ------------------------------------------------------------------
    def _follow(self, *_args: object) -> None:
        """Another problem, language or learner: the count under way stops, the page on show goes."""
        self._stop_counting()
        self._describe_button()
        if self.view is None:
            return
        if self.view.isVisible():
            self.refresh()
        else:
            self.view.show_locked("", None, "")  # nothing of the last problem stays behind

    def _on_interview(self, on: bool) -> None:
        """A mock interview began: a view left open closes (its action is off until the end), so
        an accepted Submit during the interview shows no solution."""
        if on and self.view is not None:
            self._stop_counting()
            self.view.close()

    def _on_result(self, kind: str, result: Any) -> None:
        """A Submit that passed opens the view (and the button's words say so)."""
        if kind != "run" or not isinstance(result, dict) or self.session.interview_lock.on:
            return
        self._describe_button()
        if self.view is not None and self.view.isVisible() and not self.view.is_unlocked:
            self.refresh()

    # --- the view -------------------------------------------------------------------------------
    def open(self) -> SolutionsView:
        """Show the view of the problem on show (locked or not; not at all during an interview)."""
        view = self._view()
        if self.session.interview_lock.on:
            view.show_locked("", None, tr("The solutions are off during the mock interview."))
            return view
        self.refresh()
        if view.isVisible():
            view.activateWindow()  # behind the main window: brought back to the front
        else:
            view.show()
        return view

    def _view(self) -> SolutionsView:
        if self.view is None:
            self.view = SolutionsView(self.host, ask=self._ask)
            self.view.confirmRequested.connect(self.confirm)
            self.view.stopRequested.connect(self._stop_counting)
            self.view.activated.connect(self._back_to_view)
        return self.view

    def _back_to_view(self) -> None:
        """The learner came back to the view (a hint taken, a Submit in the main window): a locked
        view asks again, an open one keeps its page and its count."""
        if self.view is not None and not self.view.is_unlocked:
            self.refresh()

    def refresh(self) -> None:
        """Ask again whether the view is open to this learner, and show what it may."""
        view = self._view()
        self._stop_counting()
        problem_id = self.session.problem_id
        problem = self.services.bank.get(problem_id) if problem_id is not None else None
        if problem is None:
            view.show_locked("", None, tr("Open a problem of the bank to see its solutions, once you have solved it."))
            return
        learner, desk = self.session.learner, self.services.solutions
        access = desk.access(learner, problem.id)
        if not access.unlocked:
            view.show_locked(problem.title, access)
            return
        page = desk.page(learner, problem.id, self.session.language, draft=self.code())
        view.show_page(page)
        self._count(page)

    def confirm(self) -> None:
        """ "Show me the solution": asked once in a dialog, then kept."""
        view, problem_id = self._view(), self.session.problem_id
        problem = self.services.bank.get(problem_id) if problem_id is not None else None
        if problem is None or not view.ask(view, problem.title):
            return
        try:
            self.services.solutions.confirm(self.session.learner, problem.id)
        except Locked as exc:
            self.say(str(exc))
        self._describe_button()
        self.refresh()

    # --- counting -------------------------------------------------------------------------------
    def _count(self, page: SolutionPage) -> None:
        view = self._view()
        learner = page.learner
        if learner is None:
            view.unlocked.counts.clear(tr("No code of yours to count: write some, and the counts follow."))
            view.unlocked.set_counting("", False)
            return
        stop = self._stop = threading.Event()
        desk, problem_id = self.services.solutions, page.problem_id

        def work(emit: Callable[[Any], None]) -> OperationCounts | None:
            try:
                return desk.operation_counts(
                    problem_id, learner.code, learner.language, stop, lambda f, text: emit((f, text))
                )
            except Cancelled:
                return None

        view.unlocked.counts.clear(tr("Counting both codes' operations on the worst-case inputs…"))
        view.unlocked.set_counting(tr("Starting…"), True)
        self._counting = self.jobs.stream(
            work, self._counting_progress, self._counted, name=LANE, lane=LANE,
            on_failed=self._count_failed, on_cancelled=stop.set,
        )  # fmt: skip

    def _counting_progress(self, item: tuple[float, str]) -> None:
        if self.view is not None:
            fraction, text = item
            self.view.unlocked.set_counting(f"{fraction:.0%} · {text}", True)

    def _counted(self, counts: OperationCounts | None) -> None:
        self._counting = None
        if self.view is None:
            return
        if counts is None:
            self.view.unlocked.set_counting(tr("Counting stopped."), False)
            return
        self.view.unlocked.counts.set_counts(counts)
        self.view.unlocked.set_counting("", False)

    def _count_failed(self, message: str) -> None:
        self._counting = None
        if self.view is not None:
            self.view.unlocked.counts.clear(tr("The counts could not be made: %s") % message)
            self.view.unlocked.set_counting("", False)

    def _stop_counting(self) -> None:
        self._stop.set()
        if self._counting is not None:
            self._counting.cancel()
            self._counting = None
            if self.view is not None:
                self.view.unlocked.set_counting(tr("Counting stopped."), False)

    def shutdown(self) -> None:
        """The window closes: the count stops and the view goes with it."""
        self._stop_counting()
        if self.view is not None:
            self.view.close()
