"""The window's code analysis: ``analyze_code_patterns`` after every Submit and on demand, shown in
the Analysis tab as cards and the complexity picture; "This is wrong" on a card calls
``flag_incorrect_analysis``.

An analysis asked for goes in the window's lane of ``Jobs`` like the debugger's calls: one job at
a time, Stop cancels it, progress shows in the status bar. The analysis of a Submit reads that run
by its ``run_id`` (its failing tests are evidence) and comes quietly, in a lane of its own: the
verdict is what the learner sees first, in the Tests tab and the status bar, and the Analysis tab
fills meanwhile without coming to the front. Clicking a card marks its lines in the editor.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer
from PySide6.QtWidgets import QInputDialog, QLabel, QSplitter, QVBoxLayout, QWidget

from ..jobs import WINDOW
from ..session import ResultKind
from .cards import AnalysisCards
from .pattern_card import pattern_title

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..editor.code_editor import CodeEditor
    from ..jobs import Call, Jobs
    from ..session import Session
    from .complexity_plot import ComplexityPlot

TOOL = "analyze_code_patterns"
QUIET = "analysis"  # the lane of a Submit's analysis: it neither stops a Run nor shows in the status bar
WAITING = "Submit, or Run ▸ Analyze code (Ctrl+Shift+A), to see what could be better."


def tr(text: str) -> str:
    return QCoreApplication.translate("Analyst", text)


class AnalysisTab(QWidget):
    """The cards beside the complexity picture. The picture (pyqtgraph, numpy) is made with the
    first result: importing it with the window would delay the window's first paint."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("analysisTab")
        self.status = QLabel(tr(WAITING))
        self.status.setWordWrap(True)
        self.cards = AnalysisCards()
        self.cards.complexity.hide()  # the picture beside the cards says it, in words and curves
        self.plot: ComplexityPlot | None = None
        self._split = split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.cards)
        split.addWidget(QWidget())  # the picture's place
        split.setSizes([520, 480])
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.status)
        column.addWidget(split, 1)

    def show_result(self, result: dict[str, Any]) -> None:
        self.cards.set_result(result)
        if self.plot is None:
            from .complexity_plot import ComplexityPlot

            self.plot = ComplexityPlot()
            placeholder = self._split.replaceWidget(1, self.plot)
            if placeholder is not None:
                placeholder.deleteLater()
            self._split.setSizes([520, 480])
        self.plot.set_result(result)

    def clear(self) -> None:
        """Nothing analysed yet (another problem, language or learner)."""
        self.cards.set_result({})
        if self.plot is not None:
            self.plot.set_result({})
        self.status.setText(tr(WAITING))


class Analyst(QObject):
    """Starts analyses and flags; the tab is put in the panel tabs by whoever lays them out."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        say: Callable[[str], None],
        show_tab: Callable[[QWidget], None],
        dialog_parent: QWidget | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.editor, self.say, self.show_tab, self.dialog_parent = editor, say, show_tab, dialog_parent
        self.tab = AnalysisTab()
        self.call: Call | None = None
        self.dialog: QInputDialog | None = None
        self.tab.cards.linesRequested.connect(editor.mark_finding)
        self.tab.cards.flagRequested.connect(self.ask_why)
        session.results_cleared.connect(self._forget)

    def _forget(self) -> None:
        if self.call is not None:
            self.call.cancel()  # an analysis of the last problem (a Submit's, quiet) is not this one's
        self.tab.clear()

    # -- starting ---------------------------------------------------------------------------------

    def after_submit(self, result: dict[str, Any]) -> None:
        """A Submit was judged and stored: analyse it quietly, once its call has ended."""
        run_id = result.get("run_id")
        if self.session.interview_lock.on:
            return  # no analysis during a mock interview: the debrief makes it
        if run_id and result.get("status") != "cancelled":
            QTimer.singleShot(0, self, lambda: self.analyze(run_id=str(run_id), quiet=True))

    def analyze(self, run_id: str | None = None, quiet: bool = False) -> Call | None:
        """Analyse the editor's code (with the run ``run_id`` as evidence when given). ``quiet``: the
        tab fills without coming to the front and the status bar keeps what it says (a verdict)."""
        session = self.session
        if session.interview_lock.on:
            if not quiet:
                self.say(tr("The analysis is off during the mock interview: the debrief makes it."))
            return None
        if session.problem_id is None:
            if not quiet:
                self.say(tr("Choose a problem first."))
            return None
        arguments: dict[str, Any] = {
            "code": self.editor.text(),
            "language": session.language,
            "problem_id": session.problem_id,
            "test_results": {"run_id": run_id} if run_id else {},  # by hand: the code alone
        }
        self.tab.status.setText(tr("Analysing: reading the structure, then counting operations at growing sizes…"))
        if not quiet:
            self.show_tab(self.tab)
        serial = session.code_serial
        self.call = self.jobs.call(
            TOOL,
            arguments,
            lambda result: self._analysed(result, serial, quiet),
            on_failed=lambda message: self.tab.status.setText(tr("The analysis failed: %s") % message),
            on_cancelled=lambda: self.tab.status.setText(tr("Analysis stopped by you.")),
            lane=QUIET if quiet else WINDOW,
        )
        return self.call

    def ask_why(self, pattern_type: str) -> None:
        """'This is wrong' on a card: ask what is wrong (optional), then flag it."""
        dialog = QInputDialog(self.dialog_parent)
        dialog.setObjectName("flagDialog")
        dialog.setWindowTitle(tr("This is wrong"))
        dialog.setLabelText(tr("What is wrong with “%s”? (optional)") % pattern_title(pattern_type))
        dialog.textValueSelected.connect(lambda text: self.flag(pattern_type, text))
        self.dialog = dialog
        dialog.open()  # not exec(): the window keeps its event loop

    def flag(self, pattern_type: str | None, feedback: str) -> Call | None:
        attempt = self.tab.cards.result.get("attempt_id")
        if not attempt:
            self.say(tr("There is no stored analysis to flag."))
            return None
        arguments: dict[str, Any] = {
            "attempt_id": attempt,
            "feedback": feedback.strip() or "The learner says it is wrong.",
        }
        if pattern_type:
            arguments["pattern_type"] = pattern_type
        return self.jobs.call("flag_incorrect_analysis", arguments, lambda result: self._flagged(result, pattern_type))

    # -- the answers ------------------------------------------------------------------------------

    def _flagged(self, result: dict[str, Any], pattern_type: str | None) -> None:
        if result.get("status") == "flagged" or "error_code" not in result:
            self.tab.cards.mark_flagged(result.get("pattern_type", pattern_type))
            self.say(tr("Thank you: that finding no longer counts as evidence about you."))
        else:
            self.say(tr("Not flagged: %s") % (result.get("error_message", ""),))

    def _analysed(self, result: dict[str, Any], serial: int, quiet: bool) -> None:
        self.session.show(ResultKind.ANALYSIS, result, serial)
        self.tab.show_result(result)
        if result.get("error_code"):
            self.tab.status.setText(tr("No analysis: %s") % (result.get("error_message", ""),))
        elif result.get("status") == "cancelled":
            self.tab.status.setText(tr("Analysis stopped."))
        else:
            found = len(result.get("detected_patterns") or [])
            self.tab.status.setText(
                tr("Click a card to see its lines in the editor; “This is wrong” tells us when a finding is not.")
            )
            if not quiet:  # after a Submit the status bar keeps the verdict
                self.say(tr("Analysis: %s finding%s.") % (found, "s" if found != 1 else ""))
