"""The problem's hints, one at a time: Hint (Ctrl+Shift+I, on the toolbar and in the Run menu)
shows the next one under the statement and scrolls the statement to it, and each hint taken is
kept (``hints_used``), so that the profile counts it and the hints shown come back when the
problem is opened again.

The hints go from a nudge to nearly the way; a learner who has seen them all has the button off.
It follows the session: another problem or another learner, and the hints shown are theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QWidget

if TYPE_CHECKING:
    from ...problems.model import Problem
    from ...tools.services import Services
    from ..session import Session
    from .statement import StatementView


def tr(text: str) -> str:
    return QCoreApplication.translate("Hints", text)


class Hints(QObject):
    """The Hint command of ``host`` (on ``bar`` and in the Run menu) and the hints under ``statement``."""

    def __init__(
        self,
        session: Session,
        services: Services,
        *,
        statement: StatementView,
        host: QWidget,
        bar: QToolBar | None,
        menu_bar: QMenuBar,
        say: Callable[[str], None],
    ):
        super().__init__(host)
        self.session = session
        self.services = services
        self.statement = statement
        self.say = say
        self.problem: Problem | None = None
        self.shown = 0
        self.action = QAction(tr("Hint"), host)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+I"))
        self.action.triggered.connect(lambda _checked=False: self.reveal())
        if bar is not None:
            bar.addAction(self.action)
            if (button := bar.widgetForAction(self.action)) is not None:
                button.setAccessibleName(tr("Show the next hint"))
        else:
            host.addAction(self.action)
        run = QCoreApplication.translate("MainWindow", "&Run")
        run_menu = next((a.menu() for a in menu_bar.actions() if a.text() == run), None)
        if isinstance(run_menu, QMenu):
            run_menu.addAction(self.action)
        self.action.setEnabled(False)
        session.problem_changed.connect(self._follow)
        session.learner_changed.connect(self._follow)

    def _follow(self, *_args: object) -> None:
        """The session's problem (or learner) changed: its statement, with the hints they took."""
        problem_id = self.session.problem_id
        self.show_problem(self.services.bank.get(problem_id) if problem_id is not None else None)

    def _taken(self, problem: Problem) -> int:
        taken = self.services.history.hints(self.session.learner, problem.id)
        return min(len(problem.hints), max((h.level for h in taken), default=0))

    def show_problem(self, problem: Problem | None) -> None:
        """The statement of ``problem`` with the hints this learner has taken on it."""
        self.problem = problem
        self.shown = self._taken(problem) if problem is not None else 0
        self._show()

    def refresh(self) -> None:
        """Catch up with hints taken elsewhere (the tutor's hints are recorded too): they show under
        the statement and in the Hint button's count, as if taken here."""
        problem = self.problem
        if problem is None:
            return
        level = self._taken(problem)
        if level > self.shown:
            self.shown = level
            self._show()
            self.statement.scrollToAnchor(f"hint-{level}")

    def reveal(self) -> None:
        problem = self.problem
        if problem is None or self.shown >= len(problem.hints) or self.session.interview_lock.on:
            return
        self.shown += 1
        self.services.history.record_hint(self.session.learner, problem.id, self.shown)
        self._show()
        # "under the statement" may be below the fold: the learner sees the hint they asked for.
        self.statement.scrollToAnchor(f"hint-{self.shown}")
        self.say(tr("Hint %d of %d is under the statement.") % (self.shown, len(problem.hints)))

    def _show(self) -> None:
        problem = self.problem
        self.statement.show_problem(problem, problem.hints[: self.shown] if problem is not None else [])
        total = len(problem.hints) if problem is not None else 0
        self.action.setEnabled(problem is not None and self.shown < total)
        self.action.setText(tr("Hint (%d of %d)") % (self.shown, total) if problem is not None else tr("Hint"))
        if problem is not None and self.shown >= total:
            self.action.setToolTip(tr("Every hint of this problem is shown under the statement"))
        else:
            self.action.setToolTip(tr("Show the problem's next hint under the statement (Ctrl+Shift+I)"))
        # The text changes with each hint: the menus' descriptions follow it.
        self.action.setStatusTip(self.action.toolTip())
        self.action.setWhatsThis(f"{self.action.text()} ({self.action.shortcut().toString()})")
