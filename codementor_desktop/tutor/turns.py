"""What every tutor offers the window and the command line: the model's loop and the offline coach
answer the same turns and report through the same events."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from .cancellation import Cancellation
from .events import Listener, TurnEnded


class Intent(StrEnum):
    """What the learner asked for: typed words, or one of the chat pane's buttons."""

    SAY = "say"
    STUCK = "stuck"  # "I'm stuck": a hint level up, or a stronger model
    HINT = "hint"  # "Hint": the next progressive hint, made specific to the code
    WHAT_NEXT = "what_next"  # "What next?": a recommendation
    GOT_IT = "got_it"  # "I get it": conclude the session
    DEBUG = "debug"  # "/debug": check the learner's plan against their code and question it


@dataclass(frozen=True)
class TurnContext:
    """Where the learner is when they speak: the open problem (None in the scratch buffer), the
    editor's code and its language."""

    problem_id: str | None = None
    code: str = ""
    language: str = "python"


class Tutor(Protocol):
    """A tutor the chat pane can talk to."""

    @property
    def label(self) -> str:
        """Who is answering, always shown: "Offline coach", or the model's name and server."""
        ...

    @property
    def session_id(self) -> str:
        """The stored conversation this tutor continues."""
        ...

    def turn(
        self,
        said: str,
        emit: Listener,
        cancellation: Cancellation | None = None,
        *,
        context: TurnContext | None = None,
        intent: Intent = Intent.SAY,
    ) -> TurnEnded:
        """Answer one message; every event goes to ``emit``, the last a ``TurnEnded``."""
        ...
