"""What the recommender keeps and reads besides the learner's evidence: the learner's "skip" and
"not relevant" on recommended problems, everyone's outcomes per problem (through the aggregate
view only), and a stamp that changes whenever a new attempt or flag lands (the cache's key)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, column, func, insert, select, table

from .database import Database
from .models import Analysis, AnalysisFlag, RecommendationFlag, StoredRun

FLAG_KINDS = ("skip", "not_relevant")
FLAGS = cast(Table, RecommendationFlag.__table__)
RUNS = cast(Table, StoredRun.__table__)
ANALYSES = cast(Table, Analysis.__table__)
ANALYSIS_FLAGS = cast(Table, AnalysisFlag.__table__)
# The aggregate view of migration 0006: counts per problem, no learner's id.
OUTCOMES = table(
    "problem_outcomes",
    column("problem_id"), column("attempts"), column("accepted"), column("learners"), column("learners_accepted"),
)  # fmt: skip


class BadFlag(ValueError):
    """A flag that cannot be kept: the reason is the message."""


@dataclass(frozen=True)
class RecommendationFlagRecord:
    problem_id: str
    kind: str
    at: datetime


@dataclass(frozen=True)
class ProblemOutcome:
    """Everyone's outcomes on one problem: judged runs, accepted ones, how many learners tried it
    and how many of them got it accepted."""

    problem_id: str
    attempts: int
    accepted: int
    learners: int
    learners_accepted: int

    @property
    def success_rate(self) -> float:
        return self.learners_accepted / self.learners if self.learners else 0.0


class RecommendationFlags:
    """The flags of every learner in one database."""

    def __init__(self, database: Database):
        self._database = database

    def add(self, learner: str, problem_id: str, kind: str) -> RecommendationFlagRecord:
        if kind not in FLAG_KINDS:
            raise BadFlag(f"kind must be one of {', '.join(FLAG_KINDS)}, not {kind!r}")
        problem_id = problem_id.strip()
        if not problem_id or len(problem_id) > 80:
            raise BadFlag("problem_id must be a problem's id of 1 to 80 characters")
        now = datetime.now()
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            connection.execute(
                insert(FLAGS).values(learner_id=learner_id, problem_id=problem_id, kind=kind, created_at=now)
            )
        return RecommendationFlagRecord(problem_id, kind, now)

    def of(self, learner: str) -> list[RecommendationFlagRecord]:
        """The learner's flags, oldest first."""
        learner_id = self._database.learner_id(learner)
        query = (
            select(FLAGS.c.problem_id, FLAGS.c.kind, FLAGS.c.created_at)
            .where(FLAGS.c.learner_id == learner_id)
            .order_by(FLAGS.c.id)
        )
        with self._database.transaction() as connection:
            return [RecommendationFlagRecord(r.problem_id, r.kind, r.created_at) for r in connection.execute(query)]


def problem_outcomes(database: Database) -> dict[str, ProblemOutcome]:
    """Everyone's outcomes per problem, read from the aggregate view (never from rows)."""
    with database.transaction() as connection:
        return {
            r.problem_id: ProblemOutcome(
                r.problem_id, int(r.attempts), int(r.accepted or 0), int(r.learners), int(r.learners_accepted or 0)
            )
            for r in connection.execute(select(OUTCOMES))
        }


def activity_stamp(database: Database, learner: str) -> tuple:
    """A value that changes when the learner's runs, analyses or flags change: a cached
    recommendation made under another stamp is stale."""
    learner_id = database.learner_id(learner)
    with database.transaction() as connection:
        runs = connection.execute(
            select(func.count(), func.max(RUNS.c.created_at)).where(RUNS.c.learner_id == learner_id)
        ).one()
        flags = connection.execute(
            select(func.count(), func.max(FLAGS.c.id)).where(FLAGS.c.learner_id == learner_id)
        ).one()
    return (tuple(runs), tuple(flags))
