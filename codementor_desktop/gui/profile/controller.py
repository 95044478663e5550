"""The Profile tab in the window: ``get_user_progress`` fetched off the GUI thread (Jobs' SIDE
lane) when the tab is shown and when an attempt lands (a Run or Submit result the session shows),
and a bar's click opening the problems that train it in the problem browser. Another learner: the
last one's charts go at once, and theirs are read when the tab is next shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QTabWidget

from ..session import ResultKind, Session
from ..side_calls import ask, is_attempt
from ..theme import PlotFollower, recolour_plots
from .tab import PATTERN_LABELS, ProfileTab

if TYPE_CHECKING:
    from ..jobs import Jobs
    from ..problems.browser import ProblemBrowser

TOOL = "get_user_progress"


class ProfileController(QObject):
    """Keeps the Profile tab (added to ``panels``) current for the session's learner."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        *,
        panels: QTabWidget,
        browser: ProblemBrowser,
        problems_action: QAction,
        say: Callable[[str], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session = session
        self.jobs = jobs
        self.panels = panels
        self.browser = browser
        self.problems_action = problems_action
        self.say = say
        self.tab = ProfileTab()
        panels.addTab(self.tab, self.tr("Profile"))
        self.plots = PlotFollower(self)  # a chart built after the theme was set takes its colours
        self.plots.watch([self.tab])
        self.stale = True  # refresh when next shown
        self.asking = False
        self.refreshes = 0  # answers shown (a test waits on it)
        panels.currentChanged.connect(lambda _index: self._on_shown())
        session.result_changed.connect(self._on_result)
        session.learner_changed.connect(self.learner_changed)
        self.tab.patternChosen.connect(self.show_pattern)
        self.tab.topicChosen.connect(self.show_topic)

    @property
    def visible(self) -> bool:
        return self.panels.currentWidget() is self.tab

    def refresh(self) -> None:
        """Ask for the profile again (a refresh already on its way answers for this one too)."""
        self.stale = False
        if self.asking:
            self.stale = True  # what changed since it was asked is fetched once it answers
            return
        self.asking = True
        self.tab.show_loading()
        ask(self.jobs, TOOL, {}, self._on_answer)

    def learner_changed(self, name: str) -> None:
        """The last learner's profile goes now; an answer still due about them is dropped by Jobs."""
        self.asking = False
        self.tab.clear(name)
        self.stale = True
        if self.visible:
            self.refresh()

    def mark_stale(self) -> None:
        """Something the profile shows changed (a mock interview was recorded): read it again."""
        self.stale = True
        if self.visible:
            self.refresh()

    def _on_shown(self) -> None:
        if self.visible and (self.stale or self.tab.progress is None):
            self.refresh()

    def _on_result(self, kind: str, result: Any) -> None:
        if kind == ResultKind.RUN and is_attempt(result):  # an attempt was kept: the profile moved
            self.stale = True
            if self.visible:
                self.refresh()

    def _on_answer(self, result: dict[str, Any]) -> None:
        self.asking = False
        if result.get("status") == "error":
            self.tab.show_error(str(result.get("error_message") or "no reason given"))
        else:
            self.tab.show_progress(result, self.session.learner)
            recolour_plots(self.tab)  # drawn late: the theme's colours for the new items too
        self.refreshes += 1
        if self.stale and self.visible:
            self.refresh()

    def show_pattern(self, pattern: str) -> None:
        self.browser.show_training(pattern, PATTERN_LABELS.get(pattern, pattern))
        self._show_browser()
        self.say(self.tr("The problems that train “%s”.") % PATTERN_LABELS.get(pattern, pattern))

    def show_topic(self, topic: str) -> None:
        self.browser.show_topic(topic)
        self._show_browser()
        self.say(self.tr("The problems of this topic."))

    def _show_browser(self) -> None:
        self.browser.setVisible(True)  # hidden by View > Panels > Problem list, perhaps
        self.problems_action.setChecked(True)
