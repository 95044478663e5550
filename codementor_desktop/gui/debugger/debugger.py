"""Trace (F5) and Run to breakpoint (Ctrl+F5) from the window, onto the visualization panel.

Both go through the window's lane of ``Jobs`` like Run and Submit, each call with its own
callbacks: one job at a time, the latest wins, Stop cancels it. A trace's steps stream into the
panel batch by batch as the child sends them (decoded on the runner's reader thread, queued to the
GUI thread); the result then ends the trace. A stopped trace keeps the steps it had and says so. The code is traced on the selected
test's input (the Tests tab's selected row), or on the problem's first example: an example goes
as its number (``test_id``), any other input as its text (``input_data``), both with the
``problem_id``, so the child builds the arguments as the judge does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QWidget

from ...domain.vocabulary import Language
from ..editor.breakpoint_dialog import REMOVE, BreakpointDialog
from ..editor.breakpoints import Breakpoint, Breakpoints
from ..session import ResultKind
from ..viz.declared_shapes import DeclaredShape, declared_shapes
from ..viz.trace_outcome import describe_outcome
from .step_marks import StepMarks
from .test_input import problem_input

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..editor.code_editor import CodeEditor
    from ..jobs import Call, Jobs
    from ..session import Session
    from ..viz.panel import VisualizationPanel

MAX_STEPS = 100_000
EARLY_ENDS = ("max_steps", "time_limit", "exception")


def tr(text: str) -> str:
    return QCoreApplication.translate("Debugger", text)


def first_sentence(text: str) -> str:
    """The status bar's share of a long message (the Trace tab's banner has all of it)."""
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


class Debugger(QObject):
    """Trace and Run to breakpoint of the session's code. ``selected_test`` gives the Tests tab's
    selected test (its id and input) or None; ``is_free`` says that the code is of no problem (a
    file or a scratch buffer: traced as a script)."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        panel: VisualizationPanel,
        selected_test: Callable[[], tuple[str, str] | None],
        is_free: Callable[[], bool],
        save_now: Callable[[], None],
        say: Callable[[str], None],
        show_tab: Callable[[QWidget], None],
        dialog_parent: QWidget | None = None,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.panel = panel
        self.editor = editor
        self.selected_test, self.is_free, self.save_now = selected_test, is_free, save_now
        self.say, self.show_tab, self.dialog_parent = say, show_tab, dialog_parent
        self.breakpoints = Breakpoints(self.editor, self)
        self.marks = StepMarks(self.editor, self.panel, self)
        self.call: Call | None = None  # the last trace or breakpoint run started
        self._code = ""
        self._input = ""
        self._traced: tuple[str, str] | None = None  # the code and test input of the trace on show
        self._stop: tuple[int, list, str] | None = None  # a breakpoint's step, watches and message
        self._chosen: Breakpoint | None = None  # the breakpoint of the run going
        self.dialog: BreakpointDialog | None = None
        self._silent = False  # a call cancelled because the session moved on: nothing to say
        self.panel.stepChanged.connect(self._on_step)
        self.editor.breakpointClicked.connect(self._on_margin_click)
        self.editor.marginMenuRequested.connect(lambda line, _where: self.edit_breakpoint(line))
        session.results_cleared.connect(self._forget)

    @property
    def busy(self) -> bool:
        return self.call is not None and self.call.live

    def _forget(self) -> None:
        """Another problem, language or learner: no trace on show is of this code, and a trace or a
        breakpoint run still going is of the last one: it ends without a word."""
        self._traced = None
        self._stop = None
        self.marks.stop_following()
        if self.busy and self.call is not None:
            self._silent = True
            try:
                self.call.cancel()
            finally:
                self._silent = False

    # -- starting ---------------------------------------------------------------------------------

    def trace(self, test: tuple[str, str] | None = None) -> Call | None:
        """Trace the editor's code on ``test`` (a label and an input, such as an edge case found),
        else on the selected test; the steps fill the Trace tab as they come."""
        arguments = self._arguments("Trace", test)
        if arguments is None:
            return None
        arguments.update(max_steps=MAX_STEPS, trace_points=["all_lines", "all_variables"])
        self.panel.begin_trace(self._code, self._shapes(arguments))
        self._traced = (self._code, self._input)
        self.marks.follow()
        self.show_tab(self.panel.trace_tab)
        self._stop = None
        serial = self.session.code_serial
        self.call = self.jobs.call(
            "bp_trace",
            arguments,
            lambda result: self._traced_done(result, serial),
            on_steps=self.panel.add_steps,
            on_failed=self._failed,
            on_cancelled=self._trace_cancelled,
        )
        return self.call

    def run_to_breakpoint(self) -> Call | None:
        """Run until the breakpoint on the caret's line (else the first one) stops the program."""
        chosen = self.breakpoints.at(self.editor.lineFromPosition(self.editor.currentPos()) + 1)
        chosen = chosen or next(iter(self.breakpoints.all()), None)
        if chosen is None:
            self.say(tr("Set a breakpoint first: click the margin left of a line (F9 on the caret's line)."))
            return None
        arguments = self._arguments("Run to breakpoint")
        if arguments is None:
            return None
        self._chosen = chosen
        always = "true" if arguments["language"] == Language.JAVASCRIPT.value else "True"
        arguments.update(condition=chosen.condition or always, line=chosen.line, hit=chosen.hit,
                         watch_vars=list(chosen.watch))  # fmt: skip
        self.show_tab(self.panel.trace_tab)
        self.panel.trace_tab.set_message(tr("Running to the breakpoint on %s…") % chosen.describe())
        self._stop = None
        serial = self.session.code_serial
        self.call = self.jobs.call(
            "bp_breakpoint",
            arguments,
            lambda result: self._breakpoint_done(result, serial),
            on_failed=self._failed,
            on_cancelled=self._breakpoint_cancelled,
        )
        return self.call

    def _arguments(self, what: str, test: tuple[str, str] | None = None) -> dict[str, Any] | None:
        session = self.session
        if session.interview_lock.on:
            self.say(tr("Traces are off during the mock interview."))
            return None
        problem = self.services.bank.get(session.problem_id) if session.problem_id else None
        free = self.is_free()  # a scratch buffer or a file: traced as a script
        if problem is None and not free:
            self.say(tr("Choose a problem first."))
            return None
        language = str(session.language)  # Python and JavaScript are both traced
        timeout = int(self.services.settings.timeout_seconds)
        if problem is None:
            self._code, self._input = self.editor.text(), ""
            self.say(tr("%s of your code, run as a script") % what)
            return {"language": language, "code": self._code, "timeout_seconds": timeout}
        if test is None and (selected := self.selected_test()) is not None:
            test = (f"test {selected[0]}", selected[1])
        label, text = test if test is not None else ("example 1", problem.examples[0].input)
        self._code, self._input = self.editor.text(), text
        self.save_now()
        self.say(tr("%s on %s (%s)") % (what, label, text if len(text) <= 60 else text[:59] + "…"))
        # The problem's own input, built in the child as the judge builds it (trees, lists, graphs,
        # design calls): an example by its number, any other input as its text.
        return {
            "language": language,
            "code": self._code,
            "problem_id": problem.id,
            **problem_input(problem, text),
            "timeout_seconds": timeout,
        }

    def _shapes(self, given: dict[str, Any]) -> dict[str, DeclaredShape] | None:
        """The declared shapes of the problem ``given`` (a call's arguments or a result) names."""
        problem_id = given.get("problem_id")
        problem = self.services.bank.get(str(problem_id)) if problem_id else None
        return declared_shapes(problem) if problem is not None else None

    # -- the calls' answers -----------------------------------------------------------------------

    def _traced_done(self, result: dict, serial: int) -> None:
        self.session.show(ResultKind.TRACE, result, serial)
        self.panel.finish_trace(result)
        if result.get("stop_reason") in EARLY_ENDS:
            self.panel.set_step(self.panel.step_count - 1)  # where it was stopped, or where it raised
        self.say(first_sentence(describe_outcome(result)[0]))

    def _breakpoint_done(self, result: dict, serial: int) -> None:
        if result.get("error_code"):
            self.panel.trace_tab.set_message(str(result.get("error_message") or result["error_code"]), "error")
            return
        self.session.show(ResultKind.BREAKPOINT, result, serial)
        self._show_stop(result)

    def _show_stop(self, result: dict) -> None:
        # The trace on show is of this code and this test when it was the last thing traced.
        same = self._traced == (self._code, self._input) and self.marks.enabled
        shapes = self._shapes(result)
        if not same:
            self.panel.begin_trace(self._code, shapes)  # its steps would not be this run's: show the stop alone
            self._traced = None
        self.marks.follow()
        self.panel.breakpoint_hit(result, self._code, shapes)
        if result.get("hit"):
            message = str(result.get("message") or "The breakpoint stopped here.")
            if self._chosen is not None and not self._chosen.condition:  # its condition was ours, not the learner's
                message = f"Stopped at the breakpoint on line {result.get('line') or self._chosen.line}."
                self.panel.trace_tab.set_message(message)
            self._stop = (self.panel.step, list(result.get("watch") or []), message)
            self.say(str(result.get("message") or f"Stopped on line {result.get('line')}."))
            if result.get("line"):
                self.editor.mark_step(int(result["line"]))
        else:
            self.say(tr("The breakpoint did not stop the program: see the Trace tab."))

    def _on_step(self, index: int) -> None:
        """The watches are the stop's: shown at its step only, and said where they are."""
        if self._stop is None:
            return
        step, watches, message = self._stop
        here = index == step
        self.panel.trace_tab.show_watches(watches if here else [])
        self.panel.trace_tab.set_message(
            message if here else f"The breakpoint stopped at step {step + 1:,}: its watches are shown there."
        )

    def _failed(self, message: str) -> None:
        self.panel.trace_tab.set_message(tr("Internal error: %s") % message, "error")

    def _breakpoint_cancelled(self) -> None:
        if not self._silent:
            self.panel.trace_tab.set_message(tr("Stopped by you before the breakpoint was reached."), "info")

    def _trace_cancelled(self) -> None:
        if self._silent:
            return
        count = self.panel.step_count
        self.panel.finish_trace(
            {"stop_reason": "cancelled", "message": f"Stopped by you at step {count:,}: the steps so far are kept."}
        )

    # -- breakpoints ------------------------------------------------------------------------------

    def _on_margin_click(self, line: int, edit: bool) -> None:
        if edit:
            self.edit_breakpoint(line)
        else:
            self.breakpoints.toggle(line)

    def toggle_breakpoint(self) -> None:
        self.breakpoints.toggle(self.editor.lineFromPosition(self.editor.currentPos()) + 1)

    def edit_breakpoint(self, line: int | None = None) -> BreakpointDialog:
        """Open the small editor on the breakpoint of ``line`` (the caret's by default); one is set
        when the learner accepts."""
        if line is None:
            line = self.editor.lineFromPosition(self.editor.currentPos()) + 1
        current = self.breakpoints.at(line) or Breakpoint(line)
        dialog = BreakpointDialog(current, self.dialog_parent)
        self.dialog = dialog

        def closed(code: int) -> None:
            if code == REMOVE:
                self.breakpoints.remove(line)
            elif code == BreakpointDialog.DialogCode.Accepted:
                self.breakpoints.put(dialog.breakpoint())
            dialog.deleteLater()
            self.dialog = None

        dialog.finished.connect(closed)
        dialog.open()
        return dialog
