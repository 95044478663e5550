"""The debrief after a mock interview: time taken against the limit, every Submit's verdict with its
time, then (the tools being on again) the analysis of the final code and its complexity against the
problem's best known, the think-aloud notes, and "What would you improve?", whose answer is kept."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .bar import clock_text

if TYPE_CHECKING:
    from ...problems.model import Problem
    from ...tools.interviews import Interview


def tr(text: str) -> str:
    return QCoreApplication.translate("Interview", text)


VERDICT_WORDS = {
    "AC": "accepted", "WA": "wrong answer", "TLE": "too slow", "RE": "crashed", "CE": "does not compile",
    "MLE": "too much memory", "IE": "not judged",
}  # fmt: skip


def time_sentence(interview: Interview, ended_by: str) -> str:
    used = interview.seconds_used or 0.0
    limit = interview.time_limit_s
    share = round(100 * used / limit) if limit else 0
    how = tr("Time was up.") if ended_by == "time" else tr("You ended it.")
    solved = tr("Solved") if interview.solved else tr("Not solved")
    return tr("%s in %s of %s (%d%% of the time). %s") % (solved, clock_text(used), clock_text(limit), share, how)


def complexity_sentence(analysis: dict[str, Any], problem: Problem | None) -> str:
    """Your code's measured complexity beside the best known (the bank's ``[complexity]``)."""
    found = analysis.get("complexity_analysis") or {}
    yours = tr("time %s, space %s") % (found.get("time_complexity", "?"), found.get("space_complexity", "?"))
    if problem is None:
        return tr("Your code: %s.") % yours
    best = tr("time %s, space %s") % (problem.complexity.time, problem.complexity.space)
    return tr("Your code: %s. Best known: %s.") % (yours, best)


class DebriefDialog(QDialog):
    """The debrief of one interview. ``improvement_saved`` carries the learner's answer when the
    dialog closes; ``show_analysis`` fills the analysis once it has come."""

    closed_with = Signal(str)  # the "What would you improve?" answer

    def __init__(
        self,
        interview: Interview,
        problem: Problem | None,
        ended_by: str,
        parent: QWidget | None = None,
        on_close: Callable[[str], None] | None = None,
    ):
        super().__init__(parent, objectName="interviewDebrief")
        title = problem.title if problem is not None else (interview.problem_id or "")
        self.setWindowTitle(tr("Debrief: %s") % title)
        self.resize(640, 560)
        self.interview = interview
        self.problem = problem
        self.heading = QLabel(f"<h2>{html.escape(tr('Mock interview: %s') % title)}</h2>", objectName="debriefHeading")
        self.time = QLabel(time_sentence(interview, ended_by), objectName="debriefTime", wordWrap=True)
        self.submits = QTableWidget(0, 3, objectName="debriefSubmits")
        self.submits.setHorizontalHeaderLabels([tr("At"), tr("Verdict"), tr("Tests passed")])
        self.submits.verticalHeader().setVisible(False)
        self.submits.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.submits.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.submits.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.submits.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for number, submit in enumerate(interview.submits):
            self.submits.insertRow(number)
            verdict = str(submit.get("verdict") or "?")
            passed, total = submit.get("passed"), submit.get("total")
            cells = [
                clock_text(float(submit.get("seconds") or 0)),
                f"{verdict} · {VERDICT_WORDS.get(verdict, verdict)}",
                f"{passed} of {total}" if passed is not None and total else "",
            ]
            for column, text in enumerate(cells):
                self.submits.setItem(number, column, QTableWidgetItem(text))
        self.submits.setFixedHeight(34 + 28 * max(1, len(interview.submits)))
        no_submit = QLabel(tr("No Submit during the interview."), visible=not interview.submits)
        self.analysis = QLabel(tr("Analysing your final code…"), objectName="debriefAnalysis", wordWrap=True)
        self.analysis.setTextFormat(Qt.TextFormat.RichText)
        notes = interview.think_aloud.strip()
        self.notes = QPlainTextEdit(notes or tr("(no notes)"), objectName="debriefNotes", readOnly=True)
        self.notes.setFixedHeight(80)
        self.improve = QPlainTextEdit(interview.improvement, objectName="debriefImprove")
        self.improve.setPlaceholderText(tr("What would you do differently next time?"))
        self.improve.setFixedHeight(80)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        if close is not None:
            close.setText(tr("Save and close"))
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.time)
        layout.addWidget(QLabel(f"<b>{tr('Submits')}</b>"))
        layout.addWidget(self.submits if interview.submits else no_submit)
        if not interview.submits:
            self.submits.hide()
        layout.addWidget(QLabel(f"<b>{tr('Analysis')}</b>"))
        layout.addWidget(self.analysis)
        layout.addWidget(QLabel(f"<b>{tr('Your think-aloud notes')}</b>"))
        layout.addWidget(self.notes)
        layout.addWidget(QLabel(f"<b>{tr('What would you improve?')}</b>"))
        layout.addWidget(self.improve)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self._on_close = on_close
        self._closed = False

    def show_analysis(self, analysis: dict[str, Any]) -> None:
        if not analysis.get("analysis_complete", True) or "error_code" in analysis:
            why = analysis.get("message") or analysis.get("error_message") or tr("no analysis")
            self.analysis.setText(html.escape(tr("The analysis could not be made: %s") % why))
            return
        patterns = analysis.get("detected_patterns") or []
        items = "".join(
            f"<li>{html.escape(str(p.get('description') or p.get('pattern_type')))}</li>" for p in patterns[:5]
        )
        found = f"<ul>{items}</ul>" if items else f"<p>{html.escape(tr('No weakness pattern found.'))}</p>"
        self.analysis.setText(f"<p>{html.escape(complexity_sentence(analysis, self.problem))}</p>{found}")

    def analysis_failed(self, message: str) -> None:
        self.analysis.setText(html.escape(tr("The analysis could not be made: %s") % message))

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if not self._closed:
            self._closed = True
            text = self.improve.toPlainText()
            self.closed_with.emit(text)
            if self._on_close is not None:
                self._on_close(text)
        super().closeEvent(event)
