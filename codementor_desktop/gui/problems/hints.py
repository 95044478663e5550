"""The problem's hints, one at a time: Hint (Ctrl+Shift+I, on the toolbar and in the Run menu)
shows the next one under the statement, and each hint taken is kept (``hints_used``), so that the
profile counts it and the hints shown come back when the problem is opened again.

The hints go from a nudge to nearly the way; a learner who has seen them all has the button off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QMenu, QToolBar

from ..toolbar import window_action

if TYPE_CHECKING:
    from ...problems.model import Problem
    from ..main_window import MainWindow


def tr(text: str) -> str:
    return QCoreApplication.translate("Hints", text)


class Hints(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.problem: Problem | None = None
        self.shown = 0
        bar = window.findChild(QToolBar, "mainToolbar")
        self.action = window_action(
            window, "Hint", "Ctrl+Shift+I", self.reveal, bar, "Show the problem's next hint under the statement"
        )
        if bar is not None and (button := bar.widgetForAction(self.action)) is not None:
            button.setAccessibleName(tr("Show the next hint"))
        run_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == window.tr("&Run")), None)
        if isinstance(run_menu, QMenu):
            run_menu.addAction(self.action)
        self.action.setEnabled(False)

    def show_problem(self, problem: Problem | None) -> None:
        """The statement of ``problem`` with the hints this learner has taken on it."""
        self.problem = problem
        self.shown = 0
        if problem is not None:
            taken = self.window.services.history.hints(self.window.services.settings.user, problem.id)
            self.shown = min(len(problem.hints), max((h.level for h in taken), default=0))
        self._show()

    def refresh(self) -> None:
        """Catch up with hints taken elsewhere (the tutor's hints are recorded too): they show under
        the statement and in the Hint button's count, as if taken here."""
        problem = self.problem
        if problem is None:
            return
        taken = self.window.services.history.hints(self.window.services.settings.user, problem.id)
        level = min(len(problem.hints), max((h.level for h in taken), default=0))
        if level > self.shown:
            self.shown = level
            self._show()

    def reveal(self) -> None:
        problem = self.problem
        if problem is None or self.shown >= len(problem.hints):
            return
        self.shown += 1
        self.window.services.history.record_hint(self.window.services.settings.user, problem.id, self.shown)
        self._show()
        self.window.say(tr("Hint %d of %d is under the statement.") % (self.shown, len(problem.hints)))

    def _show(self) -> None:
        problem = self.problem
        self.window.statement.show_problem(problem, problem.hints[: self.shown] if problem is not None else [])
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
