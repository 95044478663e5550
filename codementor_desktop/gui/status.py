"""What the window says in its status bar about where code runs, and what it asks when it cannot
keep the learner's work."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from ..domain.vocabulary import Verdict
from .text import message_box

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QProgressBar, QWidget

    from ..problems.model import Problem
    from .jobs import Call, Jobs

log = logging.getLogger(__name__)


def runner_label(backend: str, layers: list[tuple[str, bool, str]], mode: str | None = None) -> str:
    """The status bar's word on where code runs, the mode that holds a run and its layers:
    ``local runner, no namespaces: landlock, seccomp (without namespaces)``."""
    held = [layer for layer, on, _ in layers if on and layer != "piston"]
    missing = [layer for layer, on, _ in layers if not on]
    text = f"{backend} runner"
    if mode:
        text += f", {mode}"
    if held:
        text += ": " + ", ".join(held)
    if missing:
        text += " (without " + ", ".join(missing) + ")"
    return text


def close_unsaved(parent: QWidget, last_error: str | None) -> bool:
    """The disk refused the draft (``last_error``): ask before closing (the text is still in the editor)."""
    problem = last_error or "the database did not answer"
    log.error("closing with an unsaved draft: %s", problem)
    answer = message_box(
        parent,
        QMessageBox.Icon.Warning,
        tr("CodeMentor"),
        tr("Your code could not be saved (%s).\n\nQuit anyway and lose the changes since the last save?") % problem,
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes


# --- the status bar's sentences: verdicts in words, never their codes or the tools' names -----

JOBS = {
    "execute_code": "Running the tests…",
    "bp_execute": "Running your code…",
    "bp_trace": "Tracing your code…",
    "bp_breakpoint": "Running to the breakpoint…",
    "analyze_code": "Analysing your code…",
    "bp_analyze": "Analysing your code…",
    "measure_complexity": "Measuring the complexity…",
    "analyze_code_patterns": "Analysing your code…",
    "bp_find_edge_cases": "Looking for inputs where your code goes wrong…",
    "flag_incorrect_analysis": "Telling us the finding is wrong…",
}


def tr(text: str) -> str:
    return QCoreApplication.translate("Status", text)


def meaning(code: object) -> str:
    """A verdict's words ("wrong answer"); a code that is not a verdict is given as it came."""
    return Verdict(code).meaning if isinstance(code, str) and code in Verdict.__members__ else str(code or "")


def job_sentence(tool: str) -> str:
    """What the status bar says while a job of ``tool`` runs (the tool's name is the log's)."""
    return tr(JOBS.get(tool, "Working…"))


def running_sentence(tests: int | None) -> str:
    if tests is None:
        return tr("Running every test, hidden ones too…")
    return tr("Running 1 test…") if tests == 1 else tr("Running %d tests…") % tests


def started_sentence(tool: str, problem: Problem | None, submitted: bool) -> str:
    """A Run's count of tests (a Submit's hidden ones are not known yet), or the job's words."""
    if tool != "execute_code":
        return job_sentence(tool)
    return running_sentence(None if problem is None or submitted else len(problem.examples))


def progress_sentence(text: str) -> str:
    """The judge's progress (``test 3: WA``) as a sentence (``Test 3: wrong answer``)."""
    match = re.fullmatch(r"test (\S+): (\w+)", text)
    if match:
        return tr("Test %s: %s") % (match[1], meaning(match[2]) if match[2] != "ran" else tr("ran"))
    return text[:1].upper() + text[1:]


def result_sentence(result: dict) -> str:
    """``Accepted: 15 of 15 tests``, ``Wrong answer on test 4 of 15``, or why there is no verdict."""
    tests = result.get("test_results") or []
    verdict = result.get("verdict")
    if verdict is None:
        return tr("The run ended without a verdict: %s") % (result.get("error_message") or tr("see the log"))
    words = meaning(verdict)
    words = words[:1].upper() + words[1:]
    if not tests:
        line = result.get("line_number")
        return tr("%s on line %s") % (words, line) if line else words
    passed = sum(1 for t in tests if t.get("verdict") == Verdict.AC)
    if verdict == Verdict.AC:
        return tr("%s: %d of %d tests") % (words, passed, len(tests))
    failing = next((t for t in tests if t.get("verdict") != Verdict.AC), tests[0])
    return tr("%s on test %s of %d") % (words, failing.get("test_id", "?"), len(tests))


class JobsShown:
    """The status bar's progress and the Stop command follow the window's lane of ``jobs``: shown
    and enabled while a call is under way, the judge's progress said in words."""

    def __init__(self, jobs: Jobs, progress: QProgressBar, stop: QAction, say: Callable[[str], None]):
        self.jobs, self.progress, self.stop_action, self.say = jobs, progress, stop, say
        jobs.started.connect(self._started)
        jobs.ended.connect(self._ended)
        jobs.progressed.connect(self._progressed)
        stop.triggered.connect(self.stop)
        stop.setEnabled(False)

    def stop(self) -> None:
        """Stop (Escape): the window's call under way ends; its part says what it kept."""
        if self.jobs.busy:
            self.jobs.cancel()
            self.say(tr("Stopped."))

    def _started(self, call: Call) -> None:
        if call.name != "execute_code":  # a Run says how many tests it runs itself
            self.say(job_sentence(call.name))
        self.stop_action.setEnabled(True)
        self.progress.setValue(0)
        self.progress.setVisible(True)

    def _ended(self, _call: Call) -> None:
        if self.jobs.busy:
            return  # a newer call goes on (latest wins): its own end hides the bar
        self.stop_action.setEnabled(False)
        self.progress.setVisible(False)

    def _progressed(self, _call: Call, fraction: float, text: str) -> None:
        self.progress.setValue(int(fraction * 100))
        self.say(progress_sentence(text))
