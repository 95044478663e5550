"""Run and Submit of the open problem: the ``execute_code`` call, and what its answer puts on
screen (the Tests tab's rows, the Output tab, the error's line in the editor, the verdict in the
status bar and the problem's mark in the list).

The call goes in the window's lane of ``Jobs`` with its own callbacks: a Trace or an analysis
started meanwhile supersedes it, and its callbacks then never run, so nothing has to ask whose
answer this is. After a Submit the verdict is what the learner sees first: the analysis of the
submission follows quietly in its own tab (``after_submit``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject

from ..domain.vocabulary import ProblemStatus
from .jobs import Call, Jobs
from .panels.output_view import OutputView, printed_by_tests
from .session import ResultKind, Session
from .status import result_sentence, started_sentence
from .text import escaped

if TYPE_CHECKING:
    from ..tools.services import Services
    from .editor.code_editor import CodeEditor
    from .panels.own_tests import OwnTests
    from .panels.tests_panel import TestsPanel

TOOL = "execute_code"


def tr(text: str) -> str:
    return QCoreApplication.translate("Runs", text)


@dataclass(frozen=True)
class Run:
    """What was started: a Run or a Submit of one problem in one language, at one edit of the code."""

    problem_id: str
    language: str
    submitted: bool
    code_serial: int = 0
    own: dict[int, int] = field(default_factory=dict)  # test id -> the learner's own test it runs


class Runs(QObject):
    """The window's Run and Submit. ``running`` is the Run or Submit under way (None when none is:
    Run and Submit then say so on their buttons, through ``on_running``)."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        editor: CodeEditor,
        tests: TestsPanel,
        output: OutputView,
        own_tests: OwnTests,
        say: Callable[[str], None],
        show_tests: Callable[[], None],
        mark_problem: Callable[[str, ProblemStatus], None],
        save_now: Callable[[], None],
        after_submit: Callable[[dict[str, Any]], None],
        on_running: Callable[[Run | None], None],
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.session, self.jobs, self.services = session, jobs, services
        self.editor, self.tests, self.output, self.own_tests = editor, tests, output, own_tests
        self.say, self.show_tests, self.mark_problem = say, show_tests, mark_problem
        self.save_now, self.after_submit, self.on_running = save_now, after_submit, on_running
        self.running: Run | None = None
        session.results_cleared.connect(self._forget)
        session.code_changed.connect(self._code_changed)

    def _forget(self) -> None:
        """Another problem, language or learner: the last run's rows and output are not about it."""
        self.output.show_text("")
        if self.session.problem_id is None:
            self.tests.clear(tr("This code belongs to no problem, so it has no tests: Run shows its output."))
        else:
            self.tests.clear(tr("Run your code to see the tests here."))

    def _code_changed(self) -> None:
        """The verdicts on show were about the code before this edit: they say so (once)."""
        if self.session.latest(ResultKind.RUN) is not None and self.running is None:
            self.tests.mark_outdated(tr("These results are of your code before your last edit: Run again."))

    def start(self, include_hidden: bool = False) -> Call | None:
        """Run the visible tests (and the learner's own), or, with ``include_hidden``, Submit."""
        session = self.session
        if session.problem_id is None:
            self.say(tr("Choose a problem first."))
            return None
        self.save_now()  # the code that ran is worth keeping whatever happens next
        self.editor.clear_diagnostics()
        cases, own = ([], {}) if include_hidden else self.own_tests.run_cases()
        code = self.editor.text()
        run = Run(session.problem_id, session.language, bool(include_hidden), session.code_serial, own)
        arguments = {
            "code": code,
            "language": run.language,
            "problem_id": run.problem_id,
            "test_cases": cases,
            "timeout": int(self.services.settings.timeout_seconds),
            "include_hidden": run.submitted,
        }
        # The last run's rows would read as this run's verdicts until it ends: take them away.
        self.tests.clear(tr("Running…"))
        self.output.show_text("")
        self.say(started_sentence(TOOL, self.services.bank.get(run.problem_id), run.submitted))
        self.running = run
        self.on_running(run)
        return self.jobs.call(
            TOOL,
            arguments,
            lambda result: self._done(run, result),
            on_failed=self._failed,
            on_cancelled=self._cancelled,
        )

    def _ended(self) -> None:
        self.running = None
        self.on_running(None)

    def _done(self, run: Run, result: dict[str, Any]) -> None:
        self._ended()
        if "run_id" in result:
            self.mark_problem(run.problem_id, ProblemStatus.of_run(result.get("verdict"), run.submitted))
        if (run.problem_id, run.language) != (self.session.problem_id, self.session.language):
            problem = self.services.bank.get(run.problem_id)
            title = problem.title if problem is not None else run.problem_id
            self.say(f"{title}: {result_sentence(result)}")
            return  # the learner has moved on: these results are not about the code on screen
        self.session.show(ResultKind.RUN, result, run.code_serial)
        self.tests.show_result(result, run.own)
        self.show_tests()
        self.output.show_text(printed_by_tests(result))
        line = result.get("line_number")
        if line and result.get("error_message"):
            self.editor.annotate_error(int(line), result["error_message"])
        self.say(result_sentence(result))
        if run.submitted:
            self.after_submit(result)

    def _failed(self, message: str) -> None:
        self._ended()
        self.tests.clear(tr("<b>Internal error</b>: %s") % escaped(message))
        self.say(tr("An internal error stopped the job; the log has the details."))

    def _cancelled(self) -> None:
        self._ended()
        # Stopped by the learner (the status bar says so) or replaced by a newer job (which says what it does).
        self.tests.clear(tr("<b>Stopped</b> · the run was stopped before it finished: no verdict."))
