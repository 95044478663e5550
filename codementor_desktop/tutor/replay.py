"""A stored conversation shown again: the learner who closed the app finds the conversation about
the problem where they left it, and the tutor goes on with it.

The stored messages are the model's (OpenAI's shape, each tool result with its card under
``event``); they are turned back into the events the chat renders, with the learner's own words
apart from what the app added to them (where they were, the button's ask). What the tutor wrote
passes the solution filter again: it was stored as the model wrote it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .briefing import FLAGGED
from .events import Escalated, SessionConcluded, TextDelta, ToolFinished, ToolStarted, TutorEvent
from .guard import SolutionGuard, StreamGuard, guarded
from .plan_translation import card_arguments, card_result, card_summary, is_translation, translations_in
from .summaries import summarize

if TYPE_CHECKING:
    from ..tools.services import Services

_WHERE = "\n\n[Where I am:"  # what the model's tutor adds after the learner's words


@dataclass(frozen=True)
class LearnerSaid:
    """What the learner said in an earlier turn (a live turn shows it as it is sent)."""

    text: str


Shown = LearnerSaid | TutorEvent


def continued(services: Services, learner: str, problem_id: str) -> tuple[str | None, list[Shown]]:
    """The learner's open conversation about ``problem_id`` and what it showed, or (None, [])."""
    session_id = services.conversations.latest(learner, problem_id, open_only=True)
    if session_id is None:
        return None, []
    # The learner's drafts are theirs to see again in a card (their accepted code a model ran).
    drafts = [services.drafts.load(problem_id, language) for language in ("python", "javascript")]
    guard = SolutionGuard.for_problem(services.bank.get(problem_id), [d for d in drafts if d])
    return session_id, stored_events(services.conversations.messages(session_id), guard)


def stored_events(messages: Sequence[Mapping[str, Any]], guard: SolutionGuard | None = None) -> list[Shown]:
    """The events that showed ``messages`` (system prompt left out), the tutor's text, its cards,
    escalations and summaries filtered by ``guard``."""
    shown = _stored_events(messages, guard)
    if guard is None:
        return shown
    out: list[Shown] = []
    judge = guarded(lambda event: out.append(event), StreamGuard(guard), cards=True)
    for event in shown:
        if isinstance(event, LearnerSaid):
            out.append(event)
        elif isinstance(event, TextDelta):
            out.append(event)  # already filtered, one message at a time
        else:
            judge(event)
    return out


def _stored_events(messages: Sequence[Mapping[str, Any]], guard: SolutionGuard | None) -> list[Shown]:
    shown: list[Shown] = []
    names: dict[str, str] = {}
    # The model's translations of a plan stay unseen: their cards say what ran, and the text is held
    # against them as against a solution.
    unseen: set[str] = set()
    translations = SolutionGuard(translations_in(messages))
    for message in messages:
        role, content = message.get("role"), message.get("content")
        stored_event = message.get("event")
        event: Mapping[str, Any] = stored_event if isinstance(stored_event, dict) else {}
        if role == "user" and isinstance(content, str):
            said = _learners_words(content)
            if said:
                shown.append(LearnerSaid(said))
        elif role == "assistant":
            for call in message.get("tool_calls") or []:
                function = call.get("function") or {}
                names[str(call.get("id"))] = str(function.get("name", "?"))
                arguments = _arguments(function.get("arguments"))
                if is_translation(arguments):
                    unseen.add(str(call.get("id")))
                    arguments = card_arguments(arguments)
                shown.append(ToolStarted(names[str(call.get("id"))], arguments, str(call.get("id"))))
            if isinstance(content, str) and content.strip():
                shown.append(TextDelta(_filtered(_filtered(content, translations), guard)))
            shown += _followed(event)
        elif role == "tool":
            call_id = str(message.get("tool_call_id"))
            name = names.get(call_id) or str(event.get("tool", "?"))
            result = _arguments(content)
            result = result if isinstance(result, dict) else {"status": "error", "error_message": str(content)}
            if call_id in unseen:
                shown.append(ToolFinished(name, card_result(result), card_summary(result), call_id))
                continue
            shown.append(ToolFinished(name, result, str(event.get("summary") or summarize(name, result)), call_id))
            shown += _followed(event)
    return shown


def _learners_words(content: str) -> str:
    """The words the learner typed (or the button's), without where they were."""
    if content.startswith(FLAGGED):
        return content.removeprefix(FLAGGED).strip()
    return content.split(_WHERE, 1)[0].strip()


def _filtered(text: str, guard: SolutionGuard | None) -> str:
    if guard is None:
        return text
    stream = StreamGuard(guard)
    return stream.feed(text) + stream.flush()


def _arguments(raw: Any) -> Any:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw or "{}")
    except (TypeError, ValueError):
        return raw if isinstance(raw, str) else {}
    return value


def _followed(event: Mapping[str, Any]) -> list[TutorEvent]:
    """An escalation or a conclusion a stored card was followed by (both tutors' ways of keeping it)."""
    followed = event.get("followed")
    if not isinstance(followed, dict):
        return []
    escalated = followed.get("escalated") or (followed if followed.get("type") == "Escalated" else None)
    concluded = followed.get("concluded") or (followed if followed.get("type") == "SessionConcluded" else None)
    if isinstance(escalated, dict):
        return [Escalated(str(escalated.get("model", "")), str(escalated.get("reason", "")),
                          str(escalated.get("question", "")))]  # fmt: skip
    if isinstance(concluded, dict):
        return [
            SessionConcluded(str(concluded.get("title", "")), tuple(str(i) for i in concluded.get("insights") or ()))
        ]
    return []
