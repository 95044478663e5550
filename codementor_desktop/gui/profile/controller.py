"""The Profile tab in the window: ``get_user_progress`` fetched off the GUI thread (the side
jobs' worker) when the tab is shown and when an attempt lands (a Run or Submit result), and a
bar's click opening the problems that train it in the problem browser."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from ..theme import recolour_plots
from .tab import PATTERN_LABELS, ProfileTab

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from ..side_jobs import SideJobs

TOOL = "get_user_progress"


class ProfileController(QObject):
    """Keeps the Profile tab current for the window's learner."""

    def __init__(self, window: MainWindow, jobs: SideJobs):
        super().__init__(window)
        self.window = window
        self.jobs = jobs
        self.tab = ProfileTab()
        window.viz.addTab(self.tab, self.tr("Profile"))
        window.plot_follower.watch([self.tab])
        self.stale = True  # refresh when next shown
        self.asking = False
        self.refreshes = 0  # answers shown (a test waits on it)
        window.viz.currentChanged.connect(lambda _index: self._on_shown())
        window.worker.result.connect(self._on_window_result)
        self.tab.patternChosen.connect(self.show_pattern)
        self.tab.topicChosen.connect(self.show_topic)

    @property
    def visible(self) -> bool:
        return self.window.viz.currentWidget() is self.tab

    def refresh(self) -> None:
        """Ask for the profile again (a refresh already on its way answers for this one too)."""
        self.stale = False
        if self.asking:
            self.stale = True  # what changed since it was asked is fetched once it answers
            return
        self.asking = True
        self.tab.show_loading()
        self.jobs.call(TOOL, {}, self._on_answer)

    def learner_changed(self) -> None:
        self.asking = False
        self.tab.progress = None
        self.stale = True
        if self.visible:
            self.refresh()

    def _on_shown(self) -> None:
        if self.visible and (self.stale or self.tab.progress is None):
            self.refresh()

    def _on_window_result(self, _job: int, result: dict[str, Any]) -> None:
        if "run_id" in result and "verdict" in result:  # an attempt was kept: the profile moved
            self.stale = True
            if self.visible:
                self.refresh()

    def _on_answer(self, result: dict[str, Any]) -> None:
        self.asking = False
        if result.get("status") == "error":
            self.tab.show_error(str(result.get("error_message") or "no reason given"))
        else:
            self.tab.show_progress(result, self.jobs.learner)
            recolour_plots(self.tab)  # drawn late: the theme's colours for the new items too
        self.refreshes += 1
        if self.stale and self.visible:
            self.refresh()

    def show_pattern(self, pattern: str) -> None:
        self.window.browser.show_training(pattern, PATTERN_LABELS.get(pattern, pattern))
        self._show_browser()
        self.window.say(self.tr("The problems that train “%s”.") % PATTERN_LABELS.get(pattern, pattern))

    def show_topic(self, topic: str) -> None:
        self.window.browser.show_topic(topic)
        self._show_browser()
        self.window.say(self.tr("The problems of this topic."))

    def _show_browser(self) -> None:
        self.window.browser.setVisible(True)  # hidden by View > Panels > Problem list, perhaps
        self.window.problems_action.setChecked(True)
