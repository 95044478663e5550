"""The learner's side of the window, wired onto it once the services are loaded: the Profile tab,
the recommendations atop the problem browser, File ▸ Switch learner…, Export my data…, Import
data…, Delete my data… and History…. Their tool calls go to the side jobs (a worker of their own),
so none of them stops the learner's Run or blocks the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QToolButton

from .history import show_history
from .learners import ask_and_switch
from .menu_bar import describe
from .my_data import delete_data, export_data, import_data
from .problems.recommendations import Recommendations
from .profile.controller import ProfileController
from .side_jobs import SideJobs

if TYPE_CHECKING:
    from .main_window import MainWindow


def tr(text: str) -> str:
    return QCoreApplication.translate("Learning", text)


class Learning(QObject):
    """Owns the side jobs, the profile's controller and the recommendations box of one window."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        services = window.services
        self.jobs = SideJobs(
            services.registry, services.settings.user, synchronous=window.worker.synchronous, parent=self
        )
        self.profile = ProfileController(window, self.jobs)
        self.recommendations = Recommendations(self.jobs)
        window.browser.top.addWidget(self.recommendations)
        self.recommendations.problemChosen.connect(self.open_recommended)
        window.worker.result.connect(self._on_window_result)
        self.actions = self._add_commands()
        self.learner_button = QToolButton(autoRaise=True, objectName="learnerButton")
        self.learner_button.setToolTip(tr("Who is practicing: click to switch learner"))
        self.learner_button.clicked.connect(self.actions["switch"].trigger)
        window.statusBar().addPermanentWidget(self.learner_button)
        self._show_learner()
        self.recommendations.refresh()

    def _add_commands(self) -> dict[str, QAction]:
        window = self.window
        menus = [a.menu() for a in window.menuBar().actions()]
        file = next(m for m in menus if isinstance(m, QMenu) and window.quit_action in m.actions())
        made: dict[str, QAction] = {}
        for key, text, keys, slot, tip in (
            ("history", tr("&History…"), "Ctrl+Shift+H", lambda: show_history(window),
             tr("The open problem's snapshots and attempts: save one, restore any")),
            ("switch", tr("S&witch learner…"), None, lambda: ask_and_switch(window),
             tr("Who is practicing: pick or make a learner profile")),
            ("export", tr("&Export my data…"), None, lambda: export_data(window),
             tr("Everything kept about you, as one JSON file")),
            ("import", tr("&Import data…"), None, lambda: import_data(window),
             tr("Bring in an export made on another computer")),
            ("delete", tr("&Delete my data…"), None, lambda: delete_data(window),
             tr("Remove everything kept about you, for good")),
        ):  # fmt: skip
            action = QAction(text, window)
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _checked=False, run=slot: run())
            window.addAction(action)
            file.insertAction(window.quit_action, action)
            if key in ("history", "delete"):
                file.insertSeparator(window.quit_action)
            made[key] = action
        describe(file)  # the accessible names, status tips and what's-this (with the keys) of the new ones
        return made

    def _show_learner(self) -> None:
        name = self.window.services.settings.user
        self.learner_button.setText(tr("Learner: %s") % name)
        self.learner_button.setAccessibleName(tr("Learner %s: switch learner") % name)

    def open_recommended(self, problem_id: str) -> None:
        browser = self.window.browser
        if not browser.select(problem_id):  # filtered out: show every problem, then choose it
            browser.show_training(None)
            browser.search.clear()
            browser.topic.setCurrentIndex(0)
            browser.difficulty.setCurrentIndex(0)
            browser.status.setCurrentIndex(0)
            browser.select(problem_id)

    def _on_window_result(self, _job: int, result: dict) -> None:
        if "run_id" in result and "verdict" in result:  # a new attempt: what comes next may change
            self.recommendations.refresh()

    def learner_changed(self, name: str) -> None:
        """Everything shown follows the new learner."""
        self.jobs.set_learner(name)
        self._show_learner()
        self.profile.learner_changed()
        self.recommendations.refresh()

    def shutdown(self) -> None:
        self.jobs.shutdown()


def attach_learning(window: MainWindow) -> Learning:
    return Learning(window)
