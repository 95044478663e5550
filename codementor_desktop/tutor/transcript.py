"""A turn's events for the command line: as JSON records (``codementor ask --json``) and as the
lines a terminal shows between the streamed text (a tool call, its result, an escalation, ...)."""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from .events import (
    Escalated,
    HelpOffered,
    SessionConcluded,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnEnded,
    TutorError,
    TutorEvent,
)

_ARGUMENT_CHARS = 60


def event_type(event: TutorEvent) -> str:
    """``ToolStarted`` -> ``tool_started``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()


def event_record(event: TutorEvent) -> dict[str, Any]:
    """The event as one JSON object, its kind under ``type``."""
    return {"type": event_type(event), **dataclasses.asdict(event)}


def event_line(event: TutorEvent) -> str | None:
    """What a terminal shows for an event other than text (None for text and the turn's end)."""
    if isinstance(event, ToolStarted):
        return f"[{event.name}] {_arguments(event.arguments)}".rstrip()
    if isinstance(event, ToolFinished):
        return f"  -> {event.summary}"
    if isinstance(event, Escalated):
        return f"[escalated to {event.model}] {event.reason}"
    if isinstance(event, SessionConcluded):
        return "\n".join([f"[session concluded] {event.title}", *(f"  - {insight}" for insight in event.insights)])
    if isinstance(event, HelpOffered):
        return f"[help offered: {event.signal}] {event.message}"
    if isinstance(event, TutorError):
        return f"[error: {event.kind}] {event.message}"
    if isinstance(event, (TextDelta, TurnEnded)):
        return None
    return None


def _arguments(arguments: dict[str, Any] | str) -> str:
    if isinstance(arguments, str):
        return _cut(arguments)
    return ", ".join(
        f"{key}={_cut(json.dumps(value, ensure_ascii=False, default=str))}" for key, value in arguments.items()
    )


def _cut(text: str) -> str:
    return text if len(text) <= _ARGUMENT_CHARS else text[: _ARGUMENT_CHARS - 1] + "…"
