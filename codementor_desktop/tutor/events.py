"""What a tutor turn reports as it goes: the window and the command line render these."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TextDelta:
    """A piece of the tutor's answer, as it streams."""

    text: str


@dataclass(frozen=True)
class ToolStarted:
    """The model asked for a tool. ``arguments`` is the parsed object, or the raw text when it is
    not valid JSON (the registry then answers with its error)."""

    name: str
    arguments: dict[str, Any] | str
    call_id: str


@dataclass(frozen=True)
class ToolFinished:
    """A tool's result, as the model received it, with a one-line summary for a person."""

    name: str
    result: dict[str, Any]
    summary: str
    call_id: str


@dataclass(frozen=True)
class TutorError:
    """Something a learner should read: ``kind`` names it for code that reacts
    (``tools_unsupported``, ``server_down``, ``repeated_call``, ``round_limit``, ...)."""

    message: str
    kind: str = "provider"


@dataclass(frozen=True)
class TurnEnded:
    """The turn is over: ``reason`` is ``answered``, ``cancelled``, ``error``, ``round_limit`` or
    ``repeated_call``; ``rounds`` counts the model's answers in it."""

    reason: str
    rounds: int
    usage: dict[str, int] | None = None


@dataclass(frozen=True)
class Escalated:
    """The tutor asked a stronger model: which one (or the coach's next hint level), why, and the
    question it came back with."""

    model: str
    reason: str
    question: str


@dataclass(frozen=True)
class SessionConcluded:
    """The session ended with a summary: its title and the insights flagged in it, the last one final."""

    title: str
    insights: tuple[str, ...]


@dataclass(frozen=True)
class HelpOffered:
    """A stuck signal fired (``failing_runs``: three failing runs on one test; ``time``: twice the
    problem's estimated time) and the tutor offers help once, as a question."""

    message: str
    signal: str


TutorEvent = (
    TextDelta | ToolStarted | ToolFinished | TutorError | TurnEnded | Escalated | SessionConcluded | HelpOffered
)
Listener = Callable[[TutorEvent], None]
