"""The plan on show, kept: loaded for the session's learner, problem and language, anchored in the
editor's margin, and saved to the services' ``plans`` off the GUI thread 800 ms after the last
change (at once when the window moves on or closes).

The anchors' lines are read back from the editor's markers after every edit of the code, so
what is saved is where the lines are now, not where they were when anchored.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from ...domain.plan import BadPlan, Plan, PlanStep
from ..editor.code_editor import CodeEditor
from ..jobs import SIDE, Jobs
from ..session import Session
from .anchors import PlanAnchors
from .pane import PlanPane
from .step_row import tr

if TYPE_CHECKING:
    from ...tools.services import Services

log = logging.getLogger(__name__)
DELAY_MS = 800  # as the draft's: quiet while typing, a crash costs a few words
Key = tuple[str, str, str]  # learner, problem, language


def selected_lines(editor: CodeEditor) -> tuple[int, ...]:
    """The lines of the editor's selection (1-based), or the caret's line; a selection that ends
    at the start of a line does not take that line."""
    start, end = editor.selectionStart(), editor.selectionEnd()
    first, last = editor.lineFromPosition(start), editor.lineFromPosition(end)
    if last > first and editor.positionFromLine(last) == end:
        last -= 1
    return tuple(range(first + 1, last + 2))


class PlanKeeper(QObject):
    """Follows the session; ``saved(problem_id, language)`` after each plan handed to the store."""

    saved = Signal(str, str)
    loaded = Signal()

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        pane: PlanPane,
        say: Callable[[str], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.editor, self.pane, self.say = editor, pane, say
        self.anchors = PlanAnchors(editor, self)
        self._key: Key | None = None
        self._dirty = False
        self._timer = QTimer(self, singleShot=True, interval=DELAY_MS)
        self._timer.timeout.connect(self.save_now)
        pane.edited.connect(self._on_pane_edited)
        pane.anchorRequested.connect(self.anchor_to_selection)
        editor.edited.connect(self._on_code_edited)
        editor.replacing.connect(self._on_replacing)
        self._replacing = False
        session.problem_changed.connect(lambda _id: self.follow())
        session.language_changed.connect(lambda _language: self.follow())
        session.learner_changed.connect(lambda _name: self.follow())
        self.follow()

    @property
    def key(self) -> Key | None:
        return self._key

    def follow(self) -> None:
        """Show the plan of the session's learner, problem and language (the one on show is saved
        first). The same plan again is only re-anchored: a new text in the editor loses its marks."""
        session = self.session
        key = (session.learner, session.problem_id, session.language) if session.problem_id else None
        if key == self._key:
            self._place_anchors()
            return
        self.save_now()
        self._key = key
        if key is None:
            self.pane.set_steps([])
            self.pane.set_available(False, tr("A plan is kept for a problem of the bank: open one on the left."))
            self.anchors.place([])
            return
        self.pane.set_available(True)
        plan = None
        try:
            plan = self.services.plans.load(*key)
        except (BadPlan, ValueError) as exc:  # a plan written by hand into the database, or an old one
            log.warning("the plan of %s could not be read: %s", key, exc)
            self.say(tr("Your plan for this problem could not be read: %s") % exc)
        steps = [(s.text, s.lines, s.expect) for s in plan.steps] if plan is not None else []
        self.pane.set_steps(steps)
        self._place_anchors()
        self.loaded.emit()

    def anchor_to_selection(self, index: int) -> None:
        """Step ``index`` is anchored to the editor's selected lines (or the caret's line)."""
        if not 0 <= index < len(self.pane.rows):
            return
        lines = selected_lines(self.editor)
        self.pane.rows[index].set_lines(lines)
        self._on_pane_edited()
        self.say(tr("Step %d is anchored to %s.") % (index + 1, self.pane.rows[index].lines_label.text()))

    def plan(self) -> Plan | None:
        """The plan on show as it can be kept: the steps that have words (the others are said on
        their row), with their lines where the markers are now."""
        if self._key is None:
            return None
        steps = []
        for row in self.pane.rows:
            if not row.text:
                row.show_status("error", tr("This step needs words: what it does. It is not kept until it has them."))
                continue
            steps.append(PlanStep(row.text, row.lines, row.expectation))
        return Plan(self._key[1], self._key[2], tuple(steps))

    def save_now(self) -> None:
        """Hand the plan on show to the store now (off the GUI thread), if it changed."""
        self._timer.stop()
        if not self._dirty or self._key is None:
            return
        self._dirty = False
        plan = self.plan()
        if plan is None:
            return
        learner = self._key[0]
        plans = self.services.plans
        self.jobs.run(
            lambda: plans.save(learner, plan),
            lambda _when: self.saved.emit(plan.problem_id, plan.language),
            name="plan-save",
            lane=SIDE,  # one after another: a save is never dropped for the next
            on_failed=lambda message: self.say(tr("Your plan could not be saved: %s") % message),
        )

    @property
    def pending(self) -> bool:
        return self._dirty

    def _place_anchors(self) -> None:
        self.anchors.place([(row.text, row.lines) for row in self.pane.rows])
        self.pane.set_lines(self.anchors.lines())

    def _on_pane_edited(self) -> None:
        # The order or the anchors changed: the markers are placed afresh from the rows (and lose
        # a /debug's colours). Words and expectations only change the margin's tooltip.
        if self.anchors.lines() != [row.lines for row in self.pane.rows]:
            self._place_anchors()
        else:
            self.anchors.set_texts([row.text for row in self.pane.rows])
        self._changed()

    def _on_replacing(self, replacing: bool) -> None:
        """The whole text is replaced (Reset code, a version from the history): the markers go with
        the old lines, the anchors stay on their line numbers."""
        self._replacing = replacing
        if not replacing:
            self._place_anchors()

    def _on_code_edited(self) -> None:
        if self._replacing or self._key is None or not self.pane.rows:
            return
        moved = self.anchors.lines()
        if moved != [row.lines for row in self.pane.rows]:
            self.pane.set_lines(moved)
            self._changed()

    def _changed(self) -> None:
        self._dirty = True
        self._timer.start()
