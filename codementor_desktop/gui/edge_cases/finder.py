"""Edge cases from the window: ``bp_find_edge_cases`` on the editor's code, shown in the Edge
cases tab; from a case found, "Trace this input" opens the Trace tab on it (the debugger's trace
on a given input) and "Add to my tests" keeps it as one of the learner's own tests.

Like the analyst, it goes through the window's ``ToolWorker``: one job at a time, Stop cancels
it (the runner kills the child). While it runs, the tab shows a busy bar, the time so far and
what the search reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QElapsedTimer, QObject, QTimer

from ..panels.own_tests import add_own, input_text
from .cases_view import EdgeCasesTab

if TYPE_CHECKING:
    from ..main_window import MainWindow

TOOL = "bp_find_edge_cases"
# Every category the tool knows (a test keeps this in step with its schema; importing the schema
# here would bring pydantic into the window's first paint).
EVERY_CATEGORY = ["empty", "single", "duplicates", "boundaries", "negative", "large", "sorted", "reverse_sorted",
                  "all_equal", "unicode", "disconnected", "cycle", "skewed"]  # fmt: skip
TICK_MS = 250  # the elapsed time's refresh while a search runs


class EdgeFinder(QObject):
    """Starts searches for the window; ``owns`` says which of the worker's jobs is ours."""

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.worker = window.worker
        self.tab = EdgeCasesTab()
        window.viz.insertTab(window.viz.indexOf(window.analyst.tab) + 1, self.tab, self.tr("Edge cases"))
        self.job = 0
        self.ours = False
        self._starting = False
        self.asked: tuple[str, str] | None = None  # the problem and language searched
        self.oracle = "none"
        self._clock = QElapsedTimer()
        self._ticks = QTimer(self, interval=TICK_MS)
        self._ticks.timeout.connect(lambda: self.tab.show_progress(self._clock.elapsed()))
        self.tab.stopRequested.connect(self.worker.cancel)
        self.tab.traceRequested.connect(self.trace)
        self.tab.addRequested.connect(self.add)
        # Connected before the window's own handlers: the job is known as ours when they run.
        self.worker.started.connect(self._on_started)
        self.worker.progress.connect(self._on_progress)
        self.worker.result.connect(self._on_result)
        self.worker.error.connect(self._on_error)
        self.worker.cancelled.connect(self._on_cancelled)
        self.worker.finished.connect(self._on_finished)

    def owns(self, job: int) -> bool:
        return self.ours and job == self.job

    def find(self) -> int | None:
        """Search for inputs where the editor's code goes wrong on the open problem."""
        window = self.window
        if window.problem_id is None:
            window.say(self.tr("Choose a problem first."))
            return None
        arguments: dict[str, Any] = {
            "language": window.current_language,
            "code": window.editor.text(),
            "problem_id": window.problem_id,
            "test_categories": EVERY_CATEGORY,  # those that do not fit the problem's inputs are not tried
        }
        window.autosave.save_now()
        self.asked = (window.problem_id, window.current_language)
        self.tab.begin()
        window.show_tab(self.tab)
        self._clock.start()
        self._ticks.start()
        self._starting = True
        try:
            return self.worker.submit(TOOL, arguments)
        finally:
            self._starting = False

    # -- a case's buttons -------------------------------------------------------------------------

    def _case(self, row: int) -> dict[str, Any] | None:
        if not 0 <= row < len(self.tab.cases):
            return None
        if self.asked != (self.window.problem_id, self.window.current_language):
            self.window.say(self.tr("These cases are of another problem or language: find edge cases again."))
            return None
        return self.tab.cases[row]

    def trace(self, row: int) -> int | None:
        """Open the Trace tab on the editor's code with the case's input."""
        case = self._case(row)
        if case is None:
            return None
        return self.window.debugger.trace((self.tr("edge case %d") % (row + 1), input_text(case.get("input") or {})))

    def add(self, row: int) -> bool:
        """Keep the case as one of the learner's tests, with the reference's output when there is one."""
        case = self._case(row)
        if case is None:
            return False
        known = self.oracle != "none" and "expected_output" in case
        if add_own(self.window, case.get("input") or {}, case.get("expected_output"), known):
            self.tab.mark_added(row)
            return True
        return False

    # -- the worker's reports ---------------------------------------------------------------------

    def _on_started(self, job: int, _name: str) -> None:
        self.job, self.ours = job, self._starting

    def _on_progress(self, job: int, _fraction: float, text: str) -> None:
        if self.owns(job):
            self.tab.show_progress(self._clock.elapsed(), text)

    def _on_result(self, job: int, result: dict) -> None:
        if not self.owns(job):
            return
        if result.get("error_code") or result.get("status") == "error":
            message = str(result.get("error_message") or self.tr("the search gave no reason"))
            self.tab.end(self.tr("Edge cases could not be searched: %s") % message)
            self.window.say(self.tr("No edge cases: see the Edge cases tab."))
            return
        self.oracle = str(result.get("oracle") or "none")
        cases = list(result.get("edge_cases") or [])
        self.tab.show_cases(cases, list(result.get("categories_clean") or []))
        self.tab.end(self.summary(result, cases))
        self.window.say(self.tab.status.text())

    def summary(self, result: dict[str, Any], cases: list[dict[str, Any]]) -> str:
        """What the search did and found, in a sentence or two."""
        examples = int(result.get("examples_run") or 0)
        seconds = int(result.get("elapsed_ms") or 0) / 1000
        if cases:
            found = self.tr("Found one input") if len(cases) == 1 else self.tr("Found %d inputs") % len(cases)
            text = found + self.tr(" where your code goes wrong, in %d examples tried (%.1f s).") % (examples, seconds)
        else:
            text = self.tr("No input made your code go wrong in %d examples tried (%.1f s).") % (examples, seconds)
        if result.get("status") == "cancelled" or result.get("stopped_by") == "cancelled":
            text += " " + self.tr("The search was stopped before its end.")
        if self.oracle == "none":
            text += " " + self.tr("Without a reference solution, only crashes and time-outs count.")
        return text

    def _on_error(self, job: int, message: str) -> None:
        if self.owns(job):
            self.tab.end(self.tr("The search failed: %s") % message)

    def _on_cancelled(self, job: int) -> None:
        if self.owns(job):
            self._ticks.stop()  # a window closing cancels without a finish to follow
            self.tab.end(self.tr("Stopped by you: no edge cases to show."))

    def _on_finished(self, job: int) -> None:
        if self.owns(job):
            self.ours = False
            self._ticks.stop()
            if self.tab.searching:  # ended without a word (a stale result dropped)
                self.tab.end(self.tr("The search ended."))
