"""The calls the window makes beside the learner's own work (the profile, the recommendations, a
problem's history, the learner's data) go to Jobs' SIDE lane: one after another, none cancelled by
a Run, and an answer about a learner who has left is dropped. A call that fails is answered as a
tool's error is, so each caller reads one kind of answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .jobs import SIDE, Call, Jobs

Answer = Callable[[dict[str, Any]], None]


def ask(jobs: Jobs, tool: str, arguments: dict[str, Any], answer: Answer) -> Call:
    """Queue ``tool(arguments)`` in the SIDE lane; ``answer(result)`` runs on the GUI thread."""
    return jobs.call(
        tool,
        arguments,
        answer,
        on_failed=lambda message: answer({"status": "error", "error_message": message}),
        lane=SIDE,
    )


def is_attempt(result: Any) -> bool:
    """A Run or Submit that was kept: the learner's profile and what comes next may have moved."""
    return isinstance(result, dict) and "run_id" in result and "verdict" in result
