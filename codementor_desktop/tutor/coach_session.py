"""The offline coach's conversation, kept like a model's (OpenAI-shaped messages, each tool result
with the card it was drawn as), so a learner can close the app and continue it."""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from ..storage.conversations import new_session_id
from .dialogue import DialogueState
from .events import Escalated, SessionConcluded, TutorError
from .turns import Intent

if TYPE_CHECKING:
    from ..storage.conversations import Conversations
    from .events import Listener

log = logging.getLogger(__name__)


class CoachSession:
    """One stored session: ``session_id`` continues it when it is this learner's, else a new one starts."""

    def __init__(self, conversations: Conversations, learner: str, session_id: str | None, label: str) -> None:
        self._conversations = conversations
        self.learner = learner
        self.label = label
        stored = conversations.session(session_id) if session_id else None
        if stored is not None and stored.learner != learner:
            stored = None  # another learner's session is not continued
        self.session_id = stored.session_id if stored is not None else new_session_id()
        self.problem_id: str | None = stored.problem_id if stored is not None else None
        self._started = stored is not None
        self.flagged: list[str] = []  # insights flagged in earlier turns of this session
        self.dialogue = DialogueState()  # what the coach remembers: the latest stored, or a new one
        for message in conversations.messages(self.session_id) if stored is not None else []:
            event = message.get("event")
            if message.get("role") == "assistant" and isinstance(event, dict):
                self.flagged += [str(i) for i in event.get("insights") or [] if str(i) not in self.flagged]
                if "dialogue" in event:
                    self.dialogue = DialogueState.from_json(event["dialogue"])

    def begin(self, problem_id: str | None, said: str, intent: Intent, emit: Listener) -> None:
        """The learner's message, kept before anything runs (concluding reads that the learner spoke)."""
        self.problem_id = problem_id or self.problem_id
        message: dict[str, Any] = {"role": "user", "content": said}
        if intent is not Intent.SAY:
            message["event"] = {"intent": intent.value}
        self._safely(emit, lambda: self._start_and_append([message]))

    def keep(
        self,
        calls: list[dict[str, Any]],
        text: str,
        followed: list[Any],
        insights: list[str],
        emit: Listener,
        dialogue: DialogueState | None = None,
    ) -> None:
        """The turn's tool calls (each with its card), then the coach's answer with what the coach
        remembers of the conversation after it."""
        messages: list[dict[str, Any]] = []
        for call in calls:
            function = {"name": call["name"], "arguments": json.dumps(call["arguments"], ensure_ascii=False)}
            messages.append({"role": "assistant", "content": None,
                             "tool_calls": [{"id": call["id"], "type": "function", "function": function}]})  # fmt: skip
            messages.append({
                "role": "tool", "tool_call_id": call["id"],
                "content": json.dumps(call["result"], ensure_ascii=False, default=str),
                "event": {"tool": call["name"], "summary": call["summary"]},
            })  # fmt: skip
        answer: dict[str, Any] = {"role": "assistant", "content": text}
        event: dict[str, Any] = {}
        if insights:
            event["insights"] = insights
        for item in followed:
            if isinstance(item, (Escalated, SessionConcluded)):
                event["followed"] = {"type": type(item).__name__, **asdict(item)}
        if dialogue is not None:
            event["dialogue"] = dialogue.to_json()
        if event:
            answer["event"] = event
        messages.append(answer)
        self._safely(emit, lambda: self._start_and_append(messages))

    def _start_and_append(self, messages: list[dict[str, Any]]) -> None:
        if not self._started:
            self._conversations.start(self.learner, self.problem_id, self.label, session_id=self.session_id)
            self._started = True
        for message in messages:
            self._conversations.append(self.session_id, message)

    def _safely(self, emit: Listener, write: Any) -> None:
        try:
            write()
        except SQLAlchemyError as exc:
            log.exception("the coach's conversation was not stored")
            emit(TutorError(f"This conversation could not be saved ({type(exc).__name__}); it goes on unsaved.",
                            "storage"))  # fmt: skip
