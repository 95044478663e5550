"""The window's code analysis: ``analyze_code_patterns`` after every Submit and on demand, shown in
the Analysis tab as cards and the complexity picture; "This is wrong" on a card calls
``flag_incorrect_analysis``.

Like the debugger, it goes through the window's ``ToolWorker``: one job at a time, Stop cancels
it, progress shows in the status bar. The analysis of a Submit reads that run by its ``run_id``
(its failing tests are evidence); an analysis asked for by hand reads the editor's code alone.
Clicking a card marks its lines in the editor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer
from PySide6.QtWidgets import QInputDialog, QLabel, QSplitter, QVBoxLayout, QWidget

from .cards import AnalysisCards
from .pattern_card import pattern_title

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from .complexity_plot import ComplexityPlot

ANALYZE, FLAG = "analyze", "flag"


def tr(text: str) -> str:
    return QCoreApplication.translate("Analyst", text)


class AnalysisTab(QWidget):
    """The cards beside the complexity picture. The picture (pyqtgraph, numpy) is made with the
    first result: importing it with the window would delay the window's first paint."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("analysisTab")
        self.status = QLabel(tr("Submit, or Run ▸ Analyze code (Ctrl+Shift+A), to see what could be better."))
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


class Analyst(QObject):
    """Starts analyses and flags for the window; ``owns`` says which of the worker's jobs is ours."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.worker = window.worker
        self.tab = AnalysisTab()
        window.viz.insertTab(2, self.tab, tr("Analysis"))
        self.job = 0
        self.kind: str | None = None
        self._starting: str | None = None
        self._flagging: str | None = None
        self.dialog: QInputDialog | None = None
        self.tab.cards.linesRequested.connect(window.editor.mark_finding)
        self.tab.cards.flagRequested.connect(self.ask_why)
        # Connected before the window's own handlers: the job is known as ours when they run.
        self.worker.started.connect(self._on_started)
        self.worker.result.connect(self._on_result)
        self.worker.error.connect(self._on_error)
        self.worker.cancelled.connect(self._on_cancelled)
        self.worker.finished.connect(self._on_finished)

    def owns(self, job: int) -> bool:
        return self.kind is not None and job == self.job

    # -- starting ---------------------------------------------------------------------------------

    def after_submit(self, result: dict[str, Any]) -> None:
        """A Submit was judged and stored: analyse it once the worker has finished with it."""
        run_id = result.get("run_id")
        if run_id and result.get("status") != "cancelled":
            QTimer.singleShot(0, lambda: self.analyze(run_id=str(run_id)))

    def analyze(self, run_id: str | None = None) -> int | None:
        """Analyse the editor's code (with the run ``run_id`` as evidence when given)."""
        window = self.window
        if window.problem_id is None:
            window.say(tr("Choose a problem first."))
            return None
        arguments: dict[str, Any] = {
            "code": window.editor.text(),
            "language": window.current_language,
            "problem_id": window.problem_id,
            "test_results": {"run_id": run_id} if run_id else {},  # by hand: the code alone
        }
        self.tab.status.setText(tr("Analysing: reading the structure, then counting operations at growing sizes…"))
        window.show_tab(self.tab)
        return self._submit(ANALYZE, "analyze_code_patterns", arguments)

    def ask_why(self, pattern_type: str) -> None:
        """'This is wrong' on a card: ask what is wrong (optional), then flag it."""
        dialog = QInputDialog(self.window)
        dialog.setObjectName("flagDialog")
        dialog.setWindowTitle(tr("This is wrong"))
        dialog.setLabelText(tr("What is wrong with “%s”? (optional)") % pattern_title(pattern_type))
        dialog.textValueSelected.connect(lambda text: self.flag(pattern_type, text))
        self.dialog = dialog
        dialog.open()  # not exec(): the window keeps its event loop

    def flag(self, pattern_type: str | None, feedback: str) -> int | None:
        attempt = self.tab.cards.result.get("attempt_id")
        if not attempt:
            self.window.say(tr("There is no stored analysis to flag."))
            return None
        arguments: dict[str, Any] = {
            "attempt_id": attempt,
            "feedback": feedback.strip() or "The learner says it is wrong.",
        }
        if pattern_type:
            arguments["pattern_type"] = pattern_type
        self._flagging = pattern_type
        return self._submit(FLAG, "flag_incorrect_analysis", arguments)

    def _submit(self, kind: str, tool: str, arguments: dict[str, Any]) -> int:
        self._starting = kind
        try:
            return self.worker.submit(tool, arguments)
        finally:
            self._starting = None

    # -- the worker's reports ---------------------------------------------------------------------

    def _on_started(self, job: int, _name: str) -> None:
        self.job, self.kind = job, self._starting  # None when the job is not ours

    def _on_result(self, job: int, result: dict) -> None:
        if not self.owns(job):
            return
        if self.kind == FLAG:
            if result.get("status") == "flagged" or "error_code" not in result:
                self.tab.cards.mark_flagged(result.get("pattern_type", self._flagging))
                self.window.say(tr("Thank you: that finding no longer counts as evidence about you."))
            else:
                self.window.say(tr("Not flagged: %s") % (result.get("error_message", ""),))
            return
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
            self.window.say(tr("Analysis: %s finding%s.") % (found, "s" if found != 1 else ""))

    def _on_error(self, job: int, message: str) -> None:
        if self.owns(job):
            self.tab.status.setText(tr("The analysis failed: %s") % message)

    def _on_cancelled(self, job: int) -> None:
        if self.owns(job) and self.kind == ANALYZE:
            self.tab.status.setText(tr("Analysis stopped by you."))

    def _on_finished(self, job: int) -> None:
        if self.owns(job):
            self.kind = None
