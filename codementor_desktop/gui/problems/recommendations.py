"""What to practise next, at the top of the problem browser: the learner's current
recommendations (``get_personalized_recommendation``), each with its title, difficulty and reason
in plain words. A click on the title opens the problem; "Skip" and "Not relevant" flag it
(``flag_recommendation``) and ask again. A starter path (too few attempts to know the learner
yet) says so. The header folds the box away; the calls go to Jobs' SIDE lane. The box follows
the session: another learner's list goes at once, and a kept attempt asks again.

Each recommendation takes two short lines (its title and buttons, then its facts and reason cut
to the width, whole in the tooltip): the problem list under the box keeps most of the column."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QSizePolicy, QToolButton, QVBoxLayout, QWidget

from ..session import ResultKind, Session
from ..side_calls import ask, is_attempt
from ..text import tooltip
from .elided import ElidedLabel

if TYPE_CHECKING:
    from ..jobs import Jobs

TOOL = "get_personalized_recommendation"
FLAG = "flag_recommendation"
HOW_MANY = 3
HEAD_SPACING = 2  # px between the parts of a recommendation's first line


def tr(text: str) -> str:
    return QCoreApplication.translate("Recommendations", text)


class RecommendationRow(QFrame):
    """One recommendation: its title as a link-like button, its difficulty, time and chance, Skip and
    Not relevant on one line; under them its reason, cut to the width and whole in the tooltip."""

    def __init__(self, item: dict[str, Any], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recommendation")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.problem_id = str(item.get("problem_id") or "")
        title = str(item.get("title") or self.problem_id)
        reason = str(item.get("reason") or "")
        self.title = title
        self.open = QToolButton(text=title, autoRaise=True)
        self.open.setMinimumWidth(60)  # a long title is cut to the row (resizeEvent), never widens the column
        self._style_title()
        self.open.setCursor(Qt.CursorShape.PointingHandCursor)
        self.open.setAccessibleName(tr("Open %s") % title)
        self.open.setToolTip(tooltip(tr("Open “%s”") % title + ("\n\n" + reason if reason else "")))
        level = str(item.get("difficulty") or "")
        minutes = item.get("estimated_minutes")
        chance = item.get("success_rate")
        facts = [level.title()] if level else []
        if minutes:
            facts.append(tr("~%d min") % int(minutes))
        if isinstance(chance, int | float):
            facts.append(tr("%d%%") % round(float(chance) * 100))
        self.facts = ElidedLabel(" · ".join(facts))
        if isinstance(chance, int | float):
            self.facts.setToolTip(tr("%d%% chance to solve") % round(float(chance) * 100))
        self.facts.setEnabled(False)  # read as a footnote
        # What is left beside the title, not a share of it: the title is cut only when the facts are gone.
        self.facts.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.reason = ElidedLabel(reason)
        self.reason.setAccessibleName(tr("Why: %s") % reason)
        self.skip = QToolButton(text=tr("Skip"), autoRaise=True)
        self.skip.setAccessibleName(tr("Skip %s for now") % title)
        self.skip.setToolTip(tr("Not now: recommend something else"))
        self.irrelevant = QToolButton(text=tr("Not relevant"), autoRaise=True)
        self.irrelevant.setAccessibleName(tr("%s is not relevant to me") % title)
        self.irrelevant.setToolTip(tr("This recommendation does not fit you: it will not come back"))
        for button in (self.skip, self.irrelevant):
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)  # never "Not relevan"
        head = QHBoxLayout()
        head.setSpacing(HEAD_SPACING)
        head.addWidget(self.open)
        head.addWidget(self.facts, 1)
        head.addWidget(self.skip)
        head.addWidget(self.irrelevant)
        self.lines = QVBoxLayout(self)
        self.lines.setContentsMargins(4, 1, 4, 2)
        self.lines.setSpacing(0)
        self.lines.addLayout(head)
        self.lines.addWidget(self.reason)

    def _style_title(self) -> None:
        # The palette's link colour: a flat button's own text colour is lost under a style sheet on
        # dark. Set again when the theme changes: a style sheet reads the palette once.
        self.open.setStyleSheet(
            "QToolButton { font-weight: bold; padding: 0 2px; border: none; color: palette(link); }"
        )

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.PaletteChange:
            self._style_title()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        margins = self.lines.contentsMargins()
        buttons = self.skip.sizeHint().width() + self.irrelevant.sizeHint().width()
        metrics = self.open.fontMetrics()
        padding = self.open.sizeHint().width() - metrics.horizontalAdvance(self.open.text())  # the button's own
        spacing = 3 * HEAD_SPACING  # between the title, the facts and the two buttons
        room = event.size().width() - buttons - margins.left() - margins.right() - spacing - padding
        self.open.setText(metrics.elidedText(self.title, Qt.TextElideMode.ElideRight, max(room, 40)))


class Recommendations(QWidget):
    """The box; ``problemChosen(id)`` when a title is clicked. ``refresh`` asks for them again."""

    problemChosen = Signal(str)  # noqa: N815

    def __init__(self, session: Session, jobs: Jobs, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("recommendations")
        self.session = session
        self.jobs = jobs
        self.rows: list[RecommendationRow] = []
        self.answers = 0  # answers shown (a test waits on it)
        self.header = QToolButton(checkable=True, checked=True)
        self.header.setText(tr("Recommended for you"))
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setArrowType(Qt.ArrowType.DownArrow)
        self.header.setAutoRaise(True)
        self.header.setAccessibleName(tr("Show or hide the recommendations"))
        self.header.toggled.connect(self._fold)
        self.note = ElidedLabel(objectName="recommendationsNote")
        self.body = QWidget()
        self.list = QVBoxLayout(self.body)
        self.list.setContentsMargins(0, 0, 0, 0)
        self.list.setSpacing(4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(2)
        layout.addWidget(self.header)
        layout.addWidget(self.note)
        layout.addWidget(self.body)
        session.learner_changed.connect(self._on_learner)
        session.result_changed.connect(self._on_result)

    @property
    def shown(self) -> bool:
        """Unfolded (the window keeps it for the next session)."""
        return self.header.isChecked()

    def set_shown(self, shown: bool) -> None:
        self.header.setChecked(shown)

    def _fold(self, shown: bool) -> None:
        self.header.setArrowType(Qt.ArrowType.DownArrow if shown else Qt.ArrowType.RightArrow)
        self.note.setVisible(shown)
        self.body.setVisible(shown)

    def refresh(self) -> None:
        self.note.setText(tr("Finding what to practise next…"))
        ask(self.jobs, TOOL, {"num_recommendations": HOW_MANY}, self.show_result)

    def _on_learner(self, _name: str) -> None:
        """Another learner: the last one's list goes now (it is not theirs), and theirs is asked for."""
        self._remove_rows()
        self.refresh()

    def _on_result(self, kind: str, result: Any) -> None:
        if kind == ResultKind.RUN and is_attempt(result):
            self.refresh()  # a new attempt: what comes next may change

    def _remove_rows(self) -> None:
        for row in self.rows:
            self.list.removeWidget(row)
            row.hide()  # gone at once, not when the event loop gets to deleting it
            row.deleteLater()
        self.rows = []

    def flag(self, problem_id: str, kind: str) -> None:
        """Skip or "not relevant": kept by the tool, then the list is asked for again."""
        for row in self.rows:
            if row.problem_id == problem_id:
                row.setEnabled(False)
        ask(self.jobs, FLAG, {"problem_id": problem_id, "kind": kind}, self._flagged)

    def _flagged(self, result: dict[str, Any]) -> None:
        if result.get("status") == "error":
            self.note.setText(tr("That could not be kept: %s") % result.get("error_message", ""))
        self.refresh()

    def show_result(self, result: dict[str, Any]) -> None:
        self._remove_rows()
        self.answers += 1
        if result.get("status") == "error":
            self.note.setText(tr("No recommendations now (the reason is in the tooltip)."))
            self.note.setToolTip(tooltip(result.get("error_message") or ""))  # may be long: not atop the list
            return
        self.note.setToolTip("")
        items = list(result.get("recommendations") or [])
        if not items:
            self.note.setText(tr("No recommendation fits your filters now."))
        elif result.get("starter_path"):
            self.note.setText(tr("A starter path: after a few attempts, these follow what you need to practise."))
        else:
            self.note.setText(tr("Chosen for what you need to practise:"))
        for item in items:
            row = RecommendationRow(item)
            row.open.clicked.connect(lambda _=False, pid=row.problem_id: self.problemChosen.emit(pid))
            row.skip.clicked.connect(lambda _=False, pid=row.problem_id: self.flag(pid, "skip"))
            row.irrelevant.clicked.connect(lambda _=False, pid=row.problem_id: self.flag(pid, "not_relevant"))
            self.list.addWidget(row)
            self.rows.append(row)
