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


TutorEvent = TextDelta | ToolStarted | ToolFinished | TutorError | TurnEnded
Listener = Callable[[TutorEvent], None]
