"""What the window says in its status bar about where code runs, and what it asks when it cannot
keep the learner's work."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from ..domain.vocabulary import Verdict
from .text import message_box

if TYPE_CHECKING:
    from ..problems.model import Problem
    from .main_window import MainWindow
    from .runs import Run

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


def close_unsaved(window: MainWindow) -> bool:
    """The disk refused the draft: ask before closing (the text is still in the editor)."""
    problem = window.drafts.last_error or "the database did not answer"
    log.error("closing with an unsaved draft: %s", problem)
    answer = message_box(
        window,
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


def started_sentence(tool: str, problem: Problem | None, run: Run | None) -> str:
    """A Run's count of tests (a Submit's hidden ones are not known yet), or the job's words."""
    if tool != "execute_code":
        return job_sentence(tool)
    return running_sentence(None if problem is None or run is None or run.submitted else len(problem.examples))


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
