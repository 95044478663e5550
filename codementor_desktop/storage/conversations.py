"""The tutor's conversations (migration 0008): each session's messages in order, its token usage
per model, and how it ended, so a learner can close the app and continue where they were.

A message is kept as the OpenAI message it is (``role`` user, assistant, tool or system, with its
``tool_calls`` or ``tool_call_id``), plus an optional ``event`` dict the chat pane draws as a card.
Each write is one transaction.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, Text, func, insert, select, update

from .database import Database

ROLES = ("user", "assistant", "tool", "system")
_METADATA = MetaData()
SESSIONS = Table(
    "tutor_sessions", _METADATA,
    Column("id", Integer, primary_key=True), Column("learner_id", Integer), Column("session_id", String(40)),
    Column("problem_id", String(80)), Column("tutor_label", String(200)), Column("started_at", DateTime),
    Column("concluded_at", DateTime), Column("title", String(100)), Column("insights", Text),
)  # fmt: skip
MESSAGES = Table(
    "tutor_messages", _METADATA,
    Column("id", Integer, primary_key=True), Column("learner_id", Integer), Column("session_id", String(40)),
    Column("position", Integer), Column("role", String(16)), Column("message", Text), Column("created_at", DateTime),
)  # fmt: skip
USAGE = Table(
    "tutor_usage", _METADATA,
    Column("id", Integer, primary_key=True), Column("learner_id", Integer), Column("session_id", String(40)),
    Column("model", String(200)), Column("prompt_tokens", Integer), Column("completion_tokens", Integer),
)  # fmt: skip


def new_session_id() -> str:
    return "ses_" + secrets.token_hex(6)


class UnknownSession(KeyError):
    """No tutoring session has this id."""


class BadMessage(ValueError):
    """A message that cannot be kept as given; the message says why."""


@dataclass(frozen=True)
class TutorSession:
    session_id: str
    learner: str
    problem_id: str | None
    tutor_label: str
    started_at: datetime
    concluded_at: datetime | None
    title: str | None
    insights: tuple[str, ...]

    @property
    def concluded(self) -> bool:
        return self.concluded_at is not None


class Conversations:
    """Every learner's tutoring sessions in one database."""

    def __init__(self, database: Database):
        self._database = database

    def start(self, learner: str, problem_id: str | None, tutor_label: str, *, session_id: str | None = None) -> str:
        """A new session's id (``ses_`` and 12 hex digits; ``session_id`` when the tutor chose it,
        see ``new_session_id``)."""
        session_id = session_id or new_session_id()
        values = {
            "learner_id": self._database.learner_id(learner),
            "session_id": session_id,
            "problem_id": problem_id or None,
            "tutor_label": tutor_label[:200],
            "started_at": datetime.now(),
        }
        with self._database.transaction() as connection:
            connection.execute(insert(SESSIONS).values(**values))
        return session_id

    def session(self, session_id: str) -> TutorSession | None:
        learners = Table("learners", MetaData(), Column("id", Integer), Column("name", String(64)))
        query = select(SESSIONS, learners.c.name).join(learners, learners.c.id == SESSIONS.c.learner_id)
        with self._database.transaction() as connection:
            row = connection.execute(query.where(SESSIONS.c.session_id == session_id)).first()
        if row is None:
            return None
        insights = tuple(str(i) for i in _json(row.insights, []) if isinstance(i, str))
        return TutorSession(
            row.session_id, row.name, row.problem_id, row.tutor_label, row.started_at, row.concluded_at,
            row.title, insights,
        )  # fmt: skip

    def append(self, session_id: str, message: Mapping[str, Any]) -> int:
        """Keep ``message`` as the session's next one; returns its position (0 for the first)."""
        return self.extend(session_id, [message])[0]

    def extend(self, session_id: str, messages: Sequence[Mapping[str, Any]]) -> list[int]:
        """Keep ``messages`` as the session's next ones, all or none (one transaction: a turn's
        messages cost one commit); returns their positions."""
        rows = []
        for message in messages:
            role = message.get("role")
            if role not in ROLES:
                raise BadMessage(f"a message's role is one of {', '.join(ROLES)}, not {role!r}")
            try:
                rows.append((role, json.dumps(dict(message), ensure_ascii=False)))
            except (TypeError, ValueError) as exc:
                raise BadMessage(f"a message is kept as JSON: {exc}") from None
        with self._database.transaction() as connection:
            learner_id = self._learner_of(connection, session_id)
            last = connection.execute(
                select(func.max(MESSAGES.c.position)).where(MESSAGES.c.session_id == session_id)
            ).scalar()
            first = 0 if last is None else int(last) + 1
            now = datetime.now()
            if rows:
                connection.execute(
                    insert(MESSAGES),
                    [
                        {"learner_id": learner_id, "session_id": session_id, "position": first + number,
                         "role": role, "message": text, "created_at": now}
                        for number, (role, text) in enumerate(rows)
                    ],
                )  # fmt: skip
        return [first + number for number in range(len(rows))]

    def messages(self, session_id: str) -> list[dict[str, Any]]:
        """The session's messages, first to last (empty for an unknown session)."""
        query = select(MESSAGES.c.message).where(MESSAGES.c.session_id == session_id).order_by(MESSAGES.c.position)
        with self._database.transaction() as connection:
            rows = list(connection.execute(query))
        return [m for m in (_json(r.message, None) for r in rows) if isinstance(m, dict)]

    def record_usage(self, session_id: str, model: str, prompt_tokens: int, completion_tokens: int) -> None:
        """Add one answer's tokens to the session's count for ``model``."""
        where = (USAGE.c.session_id == session_id, USAGE.c.model == model)
        with self._database.transaction() as connection:
            learner_id = self._learner_of(connection, session_id)
            changed = connection.execute(
                update(USAGE)
                .where(*where)
                .values(
                    prompt_tokens=USAGE.c.prompt_tokens + prompt_tokens,
                    completion_tokens=USAGE.c.completion_tokens + completion_tokens,
                )
            ).rowcount
            if not changed:
                connection.execute(
                    insert(USAGE).values(
                        learner_id=learner_id, session_id=session_id, model=model,
                        prompt_tokens=prompt_tokens, completion_tokens=completion_tokens,
                    )
                )  # fmt: skip

    def usage(self, session_id: str) -> dict[str, tuple[int, int]]:
        """Tokens per model: ``{model: (prompt, completion)}``."""
        query = select(USAGE).where(USAGE.c.session_id == session_id).order_by(USAGE.c.id)
        with self._database.transaction() as connection:
            return {r.model: (int(r.prompt_tokens), int(r.completion_tokens)) for r in connection.execute(query)}

    def latest(self, learner: str, problem_id: str | None, *, open_only: bool = True) -> str | None:
        """The learner's newest session on ``problem_id`` (None: the scratch buffer's), still open
        unless ``open_only`` is false."""
        query = select(SESSIONS.c.session_id).where(SESSIONS.c.learner_id == self._database.learner_id(learner))
        if problem_id is None:
            query = query.where(SESSIONS.c.problem_id.is_(None))
        else:
            query = query.where(SESSIONS.c.problem_id == problem_id)
        if open_only:
            query = query.where(SESSIONS.c.concluded_at.is_(None))
        query = query.order_by(SESSIONS.c.started_at.desc(), SESSIONS.c.id.desc()).limit(1)
        with self._database.transaction() as connection:
            return connection.execute(query).scalar()

    def recent(self, learner: str, limit: int = 5) -> list[TutorSession]:
        """The learner's newest sessions, the newest first."""
        query = (
            select(SESSIONS.c.session_id)
            .where(SESSIONS.c.learner_id == self._database.learner_id(learner))
            .order_by(SESSIONS.c.started_at.desc(), SESSIONS.c.id.desc())
            .limit(limit)
        )
        with self._database.transaction() as connection:
            ids = [str(row.session_id) for row in connection.execute(query)]
        return [found for found in map(self.session, ids) if found is not None]

    def conclude(self, session_id: str, title: str, insights: Sequence[str]) -> None:
        """The session ended with ``title`` and ``insights``; a second conclusion replaces the first."""
        values = {"concluded_at": datetime.now(), "title": title[:100], "insights": json.dumps(list(insights))}
        with self._database.transaction() as connection:
            self._learner_of(connection, session_id)
            connection.execute(update(SESSIONS).where(SESSIONS.c.session_id == session_id).values(**values))

    def is_concluded(self, session_id: str) -> bool:
        found = self.session(session_id)
        if found is None:
            raise UnknownSession(session_id)
        return found.concluded

    def _learner_of(self, connection: Any, session_id: str) -> int:
        found = connection.execute(select(SESSIONS.c.learner_id).where(SESSIONS.c.session_id == session_id)).scalar()
        if found is None:
            raise UnknownSession(session_id)
        return int(found)


def _json(text: str | None, default: Any) -> Any:
    if text is None:
        return default
    try:
        return json.loads(text)
    except ValueError:
        return default
