"""What the window starts when the learner presses Run or Submit, and remembers about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .panels.own_tests import run_cases

if TYPE_CHECKING:
    from .main_window import MainWindow


@dataclass(frozen=True)
class Run:
    """What the window started: a Run or a Submit of one problem in one language."""

    job: int
    problem_id: str
    language: str
    submitted: bool
    own: dict[int, int] = field(default_factory=dict)  # test id -> the learner's own test it runs


def start_run(window: MainWindow, problem_id: str, code: str, include_hidden: bool) -> tuple[Run, dict[str, Any]]:
    """The run to remember (its job id comes when it starts) and the ``execute_code`` arguments.
    A Run runs the learner's own tests beside the visible ones; a Submit runs every bank test."""
    cases, own = ([], {}) if include_hidden else run_cases(window)
    arguments = {
        "code": code,
        "language": window.current_language,
        "problem_id": problem_id,
        "test_cases": cases,
        "timeout": int(window.services.settings.timeout_seconds),
        "include_hidden": bool(include_hidden),
    }
    return Run(0, problem_id, window.current_language, bool(include_hidden), own), arguments
