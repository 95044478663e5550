"""Mock interviews in the window: the bar above the code, Run ▸ Mock interview…, the reminders,
the lock on the helping tools and the debrief (``controller.py`` tells the story)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QVBoxLayout, QWidget

from ..menu_bar import describe
from .bar import InterviewBar
from .controller import MockInterviews

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..jobs import Jobs
    from ..session import Session

__all__ = ["InterviewBar", "MockInterviews", "build_interviews"]


def build_interviews(
    session: Session,
    jobs: Jobs,
    services: Services,
    *,
    host: QMainWindow,
    editor_box: QVBoxLayout,
    open_problem: Callable[[str, str], None],
    code: Callable[[], str],
    hide_tags: Callable[[bool], None],
    say: Callable[[str], None],
    locked: Sequence[QAction | QWidget | None],
    hidden: Sequence[QWidget],
) -> MockInterviews:
    """The window's mock interviews: the bar atop ``editor_box``, Run ▸ Mock interview…, and the
    ``locked`` controls (off during an interview) and ``hidden`` widgets (out of sight)."""
    bar = InterviewBar()
    editor_box.insertWidget(0, bar)
    interviews = MockInterviews(
        session, jobs, services, host=host, bar=bar, open_problem=open_problem, code=code, hide_tags=hide_tags, say=say
    )
    interviews.controls.hold(*locked)
    for widget in hidden:
        interviews.controls.hide_while_locked(widget)
    action = QAction(QCoreApplication.translate("Interview", "Mock &interview…"), host, objectName="mockInterview")
    tip = QCoreApplication.translate("Interview", "A timed problem with the helping tools off, then a debrief")
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: interviews.ask())
    host.addAction(action)
    run = QCoreApplication.translate("MainWindow", "&Run")
    menu = next((a.menu() for a in host.menuBar().actions() if a.text() == run), None)
    if isinstance(menu, QMenu):
        menu.addSeparator()
        menu.addAction(action)
        describe(menu)  # its accessible name, status tip and what's-this, as every command has
    interviews.start_action = action
    # The lock stops a second start while one is under way.
    interviews.controls.hold(action)
    interviews.arm_reminders()
    return interviews
