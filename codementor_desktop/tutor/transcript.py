"""A turn's events for the command line: as JSON records (``codementor ask --json``, which keep
the tools' own names) and as the lines a terminal shows between the streamed text, in the words
the window's cards use (a tool call, its result, an escalation, ...)."""

from __future__ import annotations

import dataclasses
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
from .summaries import doing


def event_type(event: TutorEvent) -> str:
    """``ToolStarted`` -> ``tool_started``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(event).__name__).lower()


def event_record(event: TutorEvent) -> dict[str, Any]:
    """The event as one JSON object, its kind under ``type``."""
    return {"type": event_type(event), **dataclasses.asdict(event)}


def event_line(event: TutorEvent) -> str | None:
    """What a terminal shows for an event other than text (None for text and the turn's end)."""
    if isinstance(event, ToolStarted):
        return f"* {doing(event.name, event.arguments)}"
    if isinstance(event, ToolFinished):
        return f"  -> {event.summary}"
    if isinstance(event, Escalated):
        return f"* Asked a deeper tutor ({event.model}): {event.reason}"
    if isinstance(event, SessionConcluded):
        return "\n".join([f"* Session concluded: {event.title}", *(f"  - {insight}" for insight in event.insights)])
    if isinstance(event, HelpOffered):
        return f"* Would you like some help? {event.message}"
    if isinstance(event, TutorError):
        return f"* The tutor could not answer: {event.message}"
    if isinstance(event, (TextDelta, TurnEnded)):
        return None
    return None
