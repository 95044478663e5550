"""What opens a problem's Solutions view for a learner, as the database knows it: their accepted
Submits (an ``AC`` of ``execute_code`` that ran the hidden tests, with the code it ran) and the
times they chose to see the solution (``solutions_unlocked``, migration 0009).

A Submit is the proof of having solved a problem; a run of the visible tests alone is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, insert, select

from ..domain.vocabulary import Verdict
from .database import Database
from .models import SolutionsUnlocked, StoredRun
from .runs import JUDGED

RUNS = cast(Table, StoredRun.__table__)
UNLOCKED = cast(Table, SolutionsUnlocked.__table__)  # migration 0009


@dataclass(frozen=True)
class AcceptedSubmit:
    """A learner's accepted Submit of a problem: the run's id, its language and the code it ran."""

    run_id: str
    language: str
    code: str
    submitted_at: datetime


@dataclass(frozen=True)
class Unlocking:
    """When and why a learner first opened a problem's solutions (``solved`` or ``hints``)."""

    reason: str
    unlocked_at: datetime


class SolutionRecords:
    """Every learner's accepted Submits and solution unlockings in one database."""

    def __init__(self, database: Database):
        self._database = database

    def accepted(self, learner: str, problem_id: str, language: str | None = None) -> AcceptedSubmit | None:
        """The learner's newest accepted Submit of the problem (in ``language`` when given) whose
        code was kept; None when there is none."""
        query = (
            select(RUNS.c.id, RUNS.c.language, RUNS.c.code, RUNS.c.created_at)
            .where(
                RUNS.c.learner_id == self._database.learner_id(learner),
                RUNS.c.problem_id == problem_id,
                RUNS.c.tool == JUDGED,
                RUNS.c.kind == "run",
                RUNS.c.submitted.is_(True),
                RUNS.c.verdict == Verdict.AC.value,
                RUNS.c.code.is_not(None),
            )
            .order_by(RUNS.c.created_at.desc(), RUNS.c.id.desc())
            .limit(1)
        )
        if language is not None:
            query = query.where(RUNS.c.language == language)
        with self._database.transaction() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        return AcceptedSubmit(row.id, row.language or "python", row.code, row.created_at)

    def has_solved(self, learner: str, problem_id: str) -> bool:
        """Whether the learner has an accepted Submit of the problem, in any language (a Submit kept
        before its code was, counts too)."""
        query = select(RUNS.c.id).where(
            RUNS.c.learner_id == self._database.learner_id(learner),
            RUNS.c.problem_id == problem_id,
            RUNS.c.tool == JUDGED,
            RUNS.c.kind == "run",
            RUNS.c.submitted.is_(True),
            RUNS.c.verdict == Verdict.AC.value,
        )
        with self._database.transaction() as connection:
            return connection.execute(query.limit(1)).first() is not None

    def unlocking(self, learner: str, problem_id: str) -> Unlocking | None:
        """The first time the learner opened the problem's solutions, or None."""
        query = (
            select(UNLOCKED.c.reason, UNLOCKED.c.unlocked_at)
            .where(UNLOCKED.c.learner_id == self._database.learner_id(learner), UNLOCKED.c.problem_id == problem_id)
            .order_by(UNLOCKED.c.unlocked_at)
            .limit(1)
        )
        with self._database.transaction() as connection:
            row = connection.execute(query).first()
        return Unlocking(row.reason, row.unlocked_at) if row is not None else None

    def record_unlocking(self, learner: str, problem_id: str, reason: str, at: datetime | None = None) -> Unlocking:
        """Keep that the learner opened the problem's solutions, and why; the first time is what
        counts, so a later call keeps (and returns) the first."""
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            row = connection.execute(
                select(UNLOCKED.c.reason, UNLOCKED.c.unlocked_at)
                .where(UNLOCKED.c.learner_id == learner_id, UNLOCKED.c.problem_id == problem_id)
                .order_by(UNLOCKED.c.unlocked_at)
                .limit(1)
            ).first()
            if row is not None:
                return Unlocking(row.reason, row.unlocked_at)
            at = at or datetime.now()
            connection.execute(
                insert(UNLOCKED).values(learner_id=learner_id, problem_id=problem_id, reason=reason, unlocked_at=at)
            )
        return Unlocking(reason, at)
