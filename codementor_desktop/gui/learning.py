"""The learner's side of the window, built once the services are loaded: the Profile tab, the
recommendations atop the problem browser, File ▸ Switch learner…, Export my data…, Import data…,
Delete my data… and History…. Their tool calls go to Jobs' SIDE lane, so none of them stops the
learner's Run or blocks the window. Each part follows the session: another learner, and what was
shown about the last one goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QStatusBar, QTabWidget, QToolButton, QWidget

from .history import HistoryDialog
from .learners import LearnerSwitch
from .menu_bar import describe
from .my_data import MyData
from .problems.recommendations import Recommendations
from .profile.controller import ProfileController

if TYPE_CHECKING:
    from ..tools.services import Services
    from .editor.code_editor import CodeEditor
    from .jobs import Jobs
    from .problems.browser import ProblemBrowser
    from .session import Session


def tr(text: str) -> str:
    return QCoreApplication.translate("Learning", text)


class Learning(QObject):
    """The profile's controller, the recommendations box, the learner switch and the learner's
    data commands of one window. ``host`` is the widget their dialogs and shortcuts belong to."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        host: QWidget,
        browser: ProblemBrowser,
        panels: QTabWidget,
        editor: CodeEditor,
        menu_bar: QMenuBar,
        quit_action: QAction,
        problems_action: QAction,
        status_bar: QStatusBar,
        choose_language: Callable[[str], None],
        keep_work: Callable[[], None],
        may_leave: Callable[[], bool],
        say: Callable[[str], None],
    ):
        """``keep_work`` keeps the draft and the open problem of the learner on show (before a
        switch, an import, a delete); ``may_leave`` asks about an unsaved file."""
        super().__init__(host)
        self.session = session
        self.jobs = jobs
        self.services = services
        self.host = host
        self.browser = browser
        self.editor = editor
        self.choose_language = choose_language
        self.say = say
        self.learners = LearnerSwitch(services, session, keep_work=keep_work, may_leave=may_leave, say=say)
        self.my_data = MyData(session, jobs, services, learners=self.learners, say=say, parent=host)
        self.profile = ProfileController(
            session, jobs, panels=panels, browser=browser, problems_action=problems_action, say=say, parent=self
        )
        self.recommendations = Recommendations(session, jobs)
        browser.top.addWidget(self.recommendations)
        self.recommendations.problemChosen.connect(self.open_recommended)
        self.actions = self._add_commands(menu_bar, quit_action)
        self.learner_button = QToolButton(autoRaise=True, objectName="learnerButton")
        self.learner_button.setToolTip(tr("Who is practicing: click to switch learner"))
        self.learner_button.clicked.connect(self.actions["switch"].trigger)
        status_bar.addPermanentWidget(self.learner_button)
        session.learner_changed.connect(self._show_learner)
        self._show_learner(session.learner)
        self.recommendations.refresh()

    def _add_commands(self, menu_bar: QMenuBar, quit_action: QAction) -> dict[str, QAction]:
        menus = [a.menu() for a in menu_bar.actions()]
        file = next(m for m in menus if isinstance(m, QMenu) and quit_action in m.actions())
        made: dict[str, QAction] = {}
        for key, text, keys, slot, tip in (
            ("history", tr("&History…"), "Ctrl+Shift+H", self.show_history,
             tr("The open problem's snapshots and attempts: save one, restore any")),
            ("switch", tr("S&witch learner…"), None, lambda: self.learners.ask(self.host),
             tr("Who is practicing: pick or make a learner profile")),
            ("export", tr("&Export my data…"), None, self.my_data.export,
             tr("Everything kept about you, as one JSON file")),
            ("import", tr("&Import data…"), None, self.my_data.import_,
             tr("Bring in an export made on another computer")),
            ("delete", tr("&Delete my data…"), None, self.my_data.delete,
             tr("Remove everything kept about you, for good")),
        ):  # fmt: skip
            action = QAction(text, self.host)
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False, run=slot: run())
            self.host.addAction(action)
            file.insertAction(quit_action, action)
            if key in ("history", "delete"):
                file.insertSeparator(quit_action)
            made[key] = action
        describe(file)  # the accessible names, status tips and what's-this (with the keys) of the new ones
        return made

    def _show_learner(self, name: str) -> None:
        self.learner_button.setText(tr("Learner: %s") % name)
        self.learner_button.setAccessibleName(tr("Learner %s: switch learner") % name)

    def show_history(self) -> HistoryDialog | None:
        """File ▸ History…: the open problem's snapshots and attempts."""
        if self.session.problem_id is None:
            self.say(tr("Open a problem to see its history."))
            return None
        dialog = HistoryDialog(
            self.session, self.jobs, self.services, editor=self.editor, choose_language=self.choose_language,
            say=self.say, parent=self.host,
        )  # fmt: skip
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def open_recommended(self, problem_id: str) -> None:
        browser = self.browser
        if not browser.select(problem_id):  # filtered out: show every problem, then choose it
            browser.show_training(None)
            browser.search.clear()
            browser.topic.setCurrentIndex(0)
            browser.difficulty.setCurrentIndex(0)
            browser.status.setCurrentIndex(0)
            browser.select(problem_id)

    def shutdown(self) -> None:
        """Nothing of its own runs: its calls are Jobs', which the window shuts down."""
