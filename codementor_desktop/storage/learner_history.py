"""What a learner did besides runs, as the weakness profile reads it: the hints they were given
(and at which level), the times the tutor handed them on to a person, and what each tutoring
session concluded. Each write is one transaction: it is kept whole or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, select

from .database import Database
from .models import HintUsed, SessionInsight, TutorEscalation

HINTS = cast(Table, HintUsed.__table__)
ESCALATIONS = cast(Table, TutorEscalation.__table__)
INSIGHTS = cast(Table, SessionInsight.__table__)
HINT_LEVELS = range(1, 6)


class BadHistoryEntry(ValueError):
    """An entry that cannot be kept as given; the message says which part and why."""


@dataclass(frozen=True)
class Hint:
    hint_id: int
    problem_id: str
    level: int
    used_at: datetime


@dataclass(frozen=True)
class Escalation:
    escalation_id: int
    problem_id: str | None
    reason: str
    topic: str | None
    escalated_at: datetime


@dataclass(frozen=True)
class Insight:
    insight_id: int
    concluded_at: datetime
    summary: dict[str, Any]


class LearnerHistory:
    """Every learner's hints, escalations and session insights in one database."""

    def __init__(self, database: Database):
        self._database = database

    # --- hints ------------------------------------------------------------------------------
    def record_hint(self, learner: str, problem_id: str, level: int, at: datetime | None = None) -> Hint:
        if not problem_id.strip():
            raise BadHistoryEntry("a hint belongs to a problem: problem_id is empty")
        if level not in HINT_LEVELS:
            raise BadHistoryEntry(f"a hint's level is {HINT_LEVELS.start} to {HINT_LEVELS.stop - 1}, not {level}")
        at = at or datetime.now()
        values = {"problem_id": problem_id, "level": level, "used_at": at}
        return Hint(self._insert(HINTS, learner, values), problem_id, level, at)

    def hints(self, learner: str, problem_id: str | None = None) -> list[Hint]:
        """The learner's hints, oldest first (of one problem when ``problem_id`` is given)."""
        query = self._mine(HINTS, learner).order_by(HINTS.c.used_at, HINTS.c.id)
        if problem_id is not None:
            query = query.where(HINTS.c.problem_id == problem_id)
        return [Hint(r.id, r.problem_id, r.level, r.used_at) for r in self._rows(query)]

    # --- escalations ------------------------------------------------------------------------
    def record_escalation(
        self, learner: str, reason: str, problem_id: str | None = None, topic: str | None = None,
        at: datetime | None = None,
    ) -> Escalation:  # fmt: skip
        if not reason.strip():
            raise BadHistoryEntry("an escalation says why: reason is empty")
        at = at or datetime.now()
        values = {"problem_id": problem_id, "reason": reason, "topic": topic, "escalated_at": at}
        return Escalation(self._insert(ESCALATIONS, learner, values), problem_id, reason, topic, at)

    def escalations(self, learner: str) -> list[Escalation]:
        query = self._mine(ESCALATIONS, learner).order_by(ESCALATIONS.c.escalated_at, ESCALATIONS.c.id)
        return [Escalation(r.id, r.problem_id, r.reason, r.topic, r.escalated_at) for r in self._rows(query)]

    # --- session insights -------------------------------------------------------------------
    def record_insight(self, learner: str, summary: Mapping[str, Any], at: datetime | None = None) -> Insight:
        """Keep what ``conclude_session`` concluded; ``summary`` must be JSON (a mapping)."""
        try:
            text = json.dumps(dict(summary), ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise BadHistoryEntry(f"a session insight is kept as JSON: {exc}") from None
        at = at or datetime.now()
        return Insight(self._insert(INSIGHTS, learner, {"summary": text, "concluded_at": at}), at, json.loads(text))

    def insights(self, learner: str) -> list[Insight]:
        query = self._mine(INSIGHTS, learner).order_by(INSIGHTS.c.concluded_at, INSIGHTS.c.id)
        return [Insight(r.id, r.concluded_at, _json_object(r.summary)) for r in self._rows(query)]

    # --- shared -----------------------------------------------------------------------------
    def _insert(self, table: Table, learner: str, values: dict[str, Any]) -> int:
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            key = connection.execute(insert(table).values(learner_id=learner_id, **values)).inserted_primary_key
        assert key is not None  # a one-row insert always has its key
        return int(key[0])

    def _mine(self, table: Table, learner: str):
        return select(table).where(table.c.learner_id == self._database.learner_id(learner))

    def _rows(self, query) -> list[Any]:
        with self._database.transaction() as connection:
            return list(connection.execute(query))


def _json_object(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
