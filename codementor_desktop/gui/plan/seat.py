"""The plan's place in the window: the tabs Statement and Plan above the code, the Debug my plan
command (Run menu, Ctrl+Shift+D), and, once the services are loaded, the keeper and the debugger
of the plan on show. The window builds it and wires three calls: ``attach``, ``follow`` after it
loads a text into the editor, ``save_now`` when it closes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QSplitter, QTabWidget, QWidget

from ..layout import EDITOR_MINIMUM, PANEL_MINIMUM
from ..toolbar import window_action
from .pane import PlanPane
from .step_row import tr

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..editor.code_editor import CodeEditor
    from ..jobs import Jobs
    from ..session import Session
    from ..viz.panel import VisualizationPanel
    from .debugging import PlanDebugger
    from .keeper import PlanKeeper

SHORTCUT = "Ctrl+Shift+D"
PLAN_SHARE = 0.5  # of the centre's height at most, for the plan when it needs it
REPORT_ROOM = 170  # px the report wants under the steps


class PlanSeat:
    """``tabs`` goes where the statement went; ``action`` is Debug my plan (in the Run menu once
    attached: the menus are built after the centre)."""

    keeper: PlanKeeper
    debugger: PlanDebugger

    def __init__(self, owner: QMainWindow, statement: QWidget):
        self.owner = owner
        self.tabs = QTabWidget(objectName="problemTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(statement, tr("Statement"))
        self.pane = PlanPane()
        self.tabs.addTab(self.pane, tr("Plan"))
        self.action: QAction = window_action(
            owner, "Debug my plan", SHORTCUT, lambda: self.debug(), None,
            "Check your plan's expectations against what your code does",
        )  # fmt: skip
        self.action.setStatusTip(self.action.toolTip())
        self.action.setWhatsThis(f"{self.action.text()} ({self.action.shortcut().toString()})")
        self._attached = False
        self.tabs.currentChanged.connect(lambda _index: self.make_room())
        self.pane.add_button.clicked.connect(self.make_room)

    def attach(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        panel: VisualizationPanel,
        show_tab: Callable[[QWidget], None],
        say: Callable[[str], None],
        mark_steps: Callable[[], None] = lambda: None,
    ) -> None:
        """``mark_steps`` makes the editor mark the panel's steps (the arrow on the step's line)."""
        from .debugging import PlanDebugger
        from .keeper import PlanKeeper

        self.keeper = PlanKeeper(session, jobs, services, editor=editor, pane=self.pane, say=say, parent=self.owner)
        self.debugger = PlanDebugger(
            session, jobs, services, keeper=self.keeper, panel=panel, show_tab=show_tab,
            show_plan=self.show_plan, mark_steps=mark_steps, say=say, parent=self.owner,
        )  # fmt: skip
        self._attached = True
        run_menu = next(
            (a.menu() for a in self.owner.menuBar().actions() if a.text() == self.owner.tr("&Run") and a.menu()), None
        )
        if isinstance(run_menu, QMenu):
            stop = next((a for a in run_menu.actions() if a.text() == self.owner.tr("Stop")), None)
            if stop is not None:
                run_menu.insertAction(stop, self.action)  # with the other checks, before Stop
            else:
                run_menu.addAction(self.action)

    def show_plan(self) -> None:
        self.tabs.setCurrentWidget(self.pane)
        self.make_room()

    def make_room(self) -> None:
        """Grow the plan's place above the code to show its steps (and report), up to half the
        centre: taken from the panel tabs first, then from the code, never below their floors.
        It never shrinks: the learner's own sizes stay."""
        centre = self.tabs.parentWidget()
        if self.tabs.currentWidget() is not self.pane or not isinstance(centre, QSplitter) or centre.count() != 3:
            return
        top, code, panel = centre.sizes()
        if top + code + panel <= 0:
            return
        pane = self.pane
        needed = (
            self.tabs.tabBar().sizeHint().height() + pane.intro.sizeHint().height()
            + pane.steps_box.sizeHint().height() + (REPORT_ROOM if not pane.report.isHidden() else 0) + 30
        )  # fmt: skip
        wanted = min(needed, int((top + code + panel) * PLAN_SHARE)) - top
        if wanted <= 0:
            return
        from_panel = min(wanted, max(panel - PANEL_MINIMUM, 0))
        from_code = min(wanted - from_panel, max(code - EDITOR_MINIMUM, 0))
        centre.setSizes([top + from_panel + from_code, code - from_code, panel - from_panel])

    def debug(self) -> object:
        return self.debugger.debug() if self._attached else None

    def follow(self) -> None:
        """The editor holds a new text (its marks are gone): the plan of the session, anchored again."""
        if self._attached:
            self.keeper.follow()

    def save_now(self) -> None:
        if self._attached:
            self.keeper.save_now()
