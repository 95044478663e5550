"""The tutor a tool call came from, as the tools see it: what ``escalate_for_insight`` and
``conclude_session`` ask of it. Its own module, importing nothing of the tools: the call's context
names it, and the tutoring tools (which the registry runs) use it."""

from __future__ import annotations

from typing import Protocol


class TutorSeatError(Exception):
    """The tutor could not come up with a deeper question; the message says why (never a key)."""


class TutorSeat(Protocol):
    """The tutor of the session a tool call came from."""

    session_id: str

    def ask_deeper(self, reason: str, topic: str | None) -> tuple[str, str]:
        """Who answered (a model's name, or "offline coach") and the new question."""
        ...

    def flagged_insights(self) -> list[str]:
        """The insights flagged so far in this session, oldest first."""
        ...
