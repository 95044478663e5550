"""Edge cases from the window: ``bp_find_edge_cases`` on the editor's code, shown in the Edge
cases tab; from a case found, "Trace this input" opens the Trace tab on it (the debugger's trace
on a given input) and "Add to my tests" keeps it as one of the learner's own tests.

Like the analyst, it goes through the window's lane of ``Jobs``: one job at a time, Stop cancels
it (the runner kills the child). While it runs, the tab shows a busy bar, the time so far and
what the search reports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QElapsedTimer, QObject, QTimer
from PySide6.QtWidgets import QWidget

from ..panels.own_tests import input_text
from ..session import ResultKind
from .cases_view import EdgeCasesTab

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..jobs import Call, Jobs
    from ..panels.own_tests import OwnTests
    from ..session import Session

TOOL = "bp_find_edge_cases"
# Every category the tool knows (a test keeps this in step with its schema; importing the schema
# here would bring pydantic into the window's first paint).
EVERY_CATEGORY = ["empty", "single", "duplicates", "boundaries", "negative", "large", "sorted", "reverse_sorted",
                  "all_equal", "unicode", "disconnected", "cycle", "skewed"]  # fmt: skip
TICK_MS = 250  # the elapsed time's refresh while a search runs


class EdgeFinder(QObject):
    """Starts searches for edge cases of the session's problem. ``code`` gives the editor's text;
    ``trace(label_and_input)`` traces an input (the debugger's)."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        code: Callable[[], str],
        own_tests: OwnTests,
        trace: Callable[[tuple[str, str]], object],
        save_now: Callable[[], None],
        say: Callable[[str], None],
        show_tab: Callable[[QWidget], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.code, self.own_tests, self.trace_input = code, own_tests, trace
        self.save_now, self.say, self.show_tab = save_now, say, show_tab
        self.tab = EdgeCasesTab()
        self.call: Call | None = None
        self.asked: tuple[str, str] | None = None  # the problem and language searched
        self.oracle = "none"
        self._clock = QElapsedTimer()
        self._ticks = QTimer(self, interval=TICK_MS)
        self._ticks.timeout.connect(lambda: self.tab.show_progress(self._clock.elapsed()))
        self.tab.stopRequested.connect(self.stop)
        self.tab.traceRequested.connect(self.trace)
        self.tab.addRequested.connect(self.add)
        session.results_cleared.connect(self._forget)

    def _forget(self) -> None:
        """Another problem, language or learner: the cases found are not of the code on show."""
        if self.call is not None:
            self.call.cancel()
        self._ticks.stop()
        self.asked = None
        self.tab.show_cases([], [])
        self.tab.end(self.tr("Run ▸ Find edge cases (Ctrl+Shift+E) looks for inputs where your code goes wrong."))

    def stop(self) -> None:
        if self.call is not None:
            self.call.cancel()

    def find(self) -> Call | None:
        """Search for inputs where the editor's code goes wrong on the open problem."""
        session = self.session
        if session.interview_lock.on:
            self.say(self.tr("The edge-case search is off during the mock interview."))
            return None
        if session.problem_id is None:
            self.say(self.tr("Choose a problem first."))
            return None
        arguments: dict[str, Any] = {
            "language": session.language,
            "code": self.code(),
            "problem_id": session.problem_id,
            "test_categories": EVERY_CATEGORY,  # those that do not fit the problem's inputs are not tried
        }
        self.save_now()
        self.asked = (session.problem_id, session.language)
        self.tab.begin()
        self.show_tab(self.tab)
        self._clock.start()
        self._ticks.start()
        serial = session.code_serial
        self.call = self.jobs.call(
            TOOL,
            arguments,
            lambda result: self._found(result, serial),
            on_progress=lambda _fraction, text: self.tab.show_progress(self._clock.elapsed(), text),
            on_failed=self._failed,
            on_cancelled=self._cancelled,
        )
        return self.call

    # -- a case's buttons -------------------------------------------------------------------------

    def _case(self, row: int) -> dict[str, Any] | None:
        if not 0 <= row < len(self.tab.cases):
            return None
        if self.asked != (self.session.problem_id, self.session.language):
            self.say(self.tr("These cases are of another problem or language: find edge cases again."))
            return None
        return self.tab.cases[row]

    def trace(self, row: int) -> object:
        """Open the Trace tab on the editor's code with the case's input."""
        case = self._case(row)
        if case is None:
            return None
        return self.trace_input((self.tr("edge case %d") % (row + 1), input_text(case.get("input") or {})))

    def add(self, row: int) -> bool:
        """Keep the case as one of the learner's tests, with the reference's output when there is one."""
        case = self._case(row)
        if case is None:
            return False
        known = self.oracle != "none" and "expected_output" in case
        if self.own_tests.add(case.get("input") or {}, case.get("expected_output"), known):
            self.tab.mark_added(row)
            return True
        return False

    # -- the answers ------------------------------------------------------------------------------

    def _found(self, result: dict[str, Any], serial: int) -> None:
        self._ticks.stop()
        if result.get("error_code") or result.get("status") == "error":
            message = str(result.get("error_message") or self.tr("the search gave no reason"))
            self.tab.end(self.tr("Edge cases could not be searched: %s") % message)
            self.say(self.tr("No edge cases: see the Edge cases tab."))
            return
        self.session.show(ResultKind.EDGE_CASES, result, serial)
        self.oracle = str(result.get("oracle") or "none")
        cases = list(result.get("edge_cases") or [])
        self.tab.show_cases(cases, list(result.get("categories_clean") or []))
        self.tab.end(self.summary(result, cases))
        self.say(self.tab.status.text())

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

    def _failed(self, message: str) -> None:
        self._ticks.stop()
        self.tab.end(self.tr("The search failed: %s") % message)

    def _cancelled(self) -> None:
        self._ticks.stop()
        self.tab.end(self.tr("Stopped by you: no edge cases to show."))
