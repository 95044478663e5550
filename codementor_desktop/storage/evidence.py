"""A learner's evidence for the profile, read from what the database keeps: judged attempts with
their verdicts and times, detected patterns that still count (flagged ones left out), the hints
taken, the tutor's escalations and the checks of the learner's plans.

Only one learner's rows are read; the profile of one learner is never built from another's.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import ColumnElement, Select, String, Table, func, select, type_coerce
from sqlalchemy.engine import Engine, Row

from ..domain.learner_evidence import (
    AttemptRecord,
    EscalationRecord,
    HintRecord,
    LearnerEvidence,
    PatternRecord,
    PlanRecord,
)
from ..domain.vocabulary import Verdict
from .analyses import ANALYSES, PATTERNS
from .database import Database
from .models import HintUsed, PlanCheck, StoredRun, TutorEscalation
from .progress import JUDGE_TOOL

RUNS = cast(Table, StoredRun.__table__)
HINTS = cast(Table, HintUsed.__table__)
ESCALATIONS = cast(Table, TutorEscalation.__table__)
PLAN_CHECKS = cast(Table, PlanCheck.__table__)

_read_lock = threading.Lock()


def learner_evidence(database: Database, learner: str) -> LearnerEvidence:
    """Everything the learner's profile is computed from, oldest first."""
    learner_id = database.learner_id(learner)
    return LearnerEvidence(
        attempts=_attempts(database, learner_id),
        patterns=_patterns(database, learner_id),
        hints=_hints(database, learner_id),
        escalations=_escalations(database, learner_id),
        plans=_plans(database, learner_id),
    )


@dataclass
class _AttemptsRead:
    """A learner's attempts as last read, and where the reading stopped."""

    runs: int  # the learner's runs of every kind then
    newest: datetime | None
    ids_at_newest: set[str]
    attempts: list[AttemptRecord]
    solved: set[str]


_attempts_read: weakref.WeakKeyDictionary[Engine, dict[int, _AttemptsRead]] = weakref.WeakKeyDictionary()


def _attempts(database: Database, learner_id: int) -> list[AttemptRecord]:
    """The learner's judged attempts. Runs are only ever added (a deletion removes a learner's
    runs, which shrinks their count): after the first reading, only the newer rows are read."""
    # Runs of every kind are counted, so that a row added out of time order (its clock behind the
    # newest read) shows as a count that does not add up, and everything is read anew; only the
    # judged ones are read, and only the columns an attempt needs (never the stored result).
    mine = RUNS.c.learner_id == learner_id
    count = select(func.count()).select_from(RUNS).where(mine)
    rows: Sequence[Any] = []
    with _read_lock:
        known = _attempts_read.setdefault(database.engine, {}).get(learner_id)
    with database.transaction() as connection:
        runs = int(connection.execute(count).scalar_one())
        if known is not None and runs == known.runs:
            return list(known.attempts)
        if known is not None and runs > known.runs and known.newest is not None:
            newer = [r for r in connection.execute(_newer(mine, known.newest)) if r.id not in known.ids_at_newest]
            if len(newer) != runs - known.runs:
                known = None
            else:
                rows = [
                    (r.problem_id, r.verdict, r.submitted, r.created_at)
                    for r in newer
                    if r.tool == JUDGE_TOOL and r.problem_id is not None
                ]
                newest = newer[-1].created_at if newer else known.newest
                at_newest = {r.id for r in newer if r.created_at == newest}
        if known is None or runs < known.runs or known.newest is None:
            known = _AttemptsRead(0, None, set(), [], set())
            judged = connection.execute(_judged(mine))
            rows = judged.cursor.fetchall()  # the driver's tuples: no SQLAlchemy row per attempt
            judged.close()
            newest = connection.execute(select(func.max(RUNS.c.created_at)).where(mine)).scalar()
            at_newest = set(connection.execute(select(RUNS.c.id).where(mine, RUNS.c.created_at == newest)).scalars())
        if newest == known.newest:
            at_newest |= known.ids_at_newest
    attempts, solved = _as_attempts(rows, known.solved)
    attempts = known.attempts + attempts
    with _read_lock:
        _attempts_read[database.engine][learner_id] = _AttemptsRead(runs, newest, at_newest, attempts, solved)
    return list(attempts)


def _judged(mine: ColumnElement[bool]) -> Select:
    """The learner's judged runs of bank problems, oldest first: the columns an attempt needs.
    Their time comes as the driver gives it (``_as_datetime`` reads it): SQLAlchemy's reading of
    SQLite's text times is a regular expression per row."""
    return (
        select(RUNS.c.problem_id, RUNS.c.verdict, RUNS.c.submitted, type_coerce(RUNS.c.created_at, String))
        .where(mine, RUNS.c.tool == JUDGE_TOOL, RUNS.c.problem_id.is_not(None))
        .order_by(RUNS.c.created_at, RUNS.c.id)
    )


def _newer(mine: ColumnElement[bool], newest: datetime) -> Select:
    """The learner's runs of every kind from ``newest`` on (the few that landed since a reading)."""
    return (
        select(RUNS.c.id, RUNS.c.tool, RUNS.c.problem_id, RUNS.c.verdict, RUNS.c.submitted, RUNS.c.created_at)
        .where(mine, RUNS.c.created_at >= newest)
        .order_by(RUNS.c.created_at, RUNS.c.id)
    )


def _as_attempts(rows: Iterable[Row | tuple], solved: set[str]) -> tuple[list[AttemptRecord], set[str]]:
    """Attempts from judged rows, and the problems solved once they are added to ``solved``. An
    attempt counts as a Submit up to the problem's first accepted one (the profile weighs the
    solve, not the Submits after it): the ``submitted`` column says which runs were Submits."""
    solved = set(solved)
    attempts = []
    from_text = datetime.fromisoformat
    for problem_id, verdict, submitted, at in rows:
        first_solve = bool(submitted) and verdict == Verdict.AC and problem_id not in solved
        if first_solve:
            solved.add(problem_id)
        at = from_text(at) if type(at) is str else _as_datetime(at)  # SQLite's text; PostgreSQL's datetime
        attempts.append(AttemptRecord(problem_id, verdict, first_solve, at))
    return attempts, solved


def _patterns(database: Database, learner_id: int) -> list[PatternRecord]:
    query = (
        select(ANALYSES.c.problem_id, ANALYSES.c.created_at, PATTERNS.c.pattern_type, PATTERNS.c.confidence)
        .join(PATTERNS, PATTERNS.c.analysis_id == ANALYSES.c.id)
        .where(ANALYSES.c.learner_id == learner_id, PATTERNS.c.flagged.is_(False))
        .order_by(ANALYSES.c.created_at, PATTERNS.c.id)
    )
    with database.transaction() as connection:
        return [
            PatternRecord(r.problem_id, r.pattern_type, float(r.confidence), r.created_at)
            for r in connection.execute(query)
        ]


def _hints(database: Database, learner_id: int) -> list[HintRecord]:
    query = (
        select(HINTS.c.problem_id, HINTS.c.level, HINTS.c.used_at)
        .where(HINTS.c.learner_id == learner_id)
        .order_by(HINTS.c.used_at, HINTS.c.id)
    )
    with database.transaction() as connection:
        return [HintRecord(r.problem_id, int(r.level), _as_datetime(r.used_at)) for r in connection.execute(query)]


def _escalations(database: Database, learner_id: int) -> list[EscalationRecord]:
    query = (
        select(ESCALATIONS.c.problem_id, ESCALATIONS.c.escalated_at)
        .where(ESCALATIONS.c.learner_id == learner_id)
        .order_by(ESCALATIONS.c.escalated_at, ESCALATIONS.c.id)
    )
    with database.transaction() as connection:
        return [EscalationRecord(r.problem_id, _as_datetime(r.escalated_at)) for r in connection.execute(query)]


def _plans(database: Database, learner_id: int) -> list[PlanRecord]:
    c = PLAN_CHECKS.c
    query = (
        select(c.problem_id, c.expectations, c.held, c.broken, c.tests_passed, c.checked_at)
        .where(c.learner_id == learner_id)
        .order_by(c.checked_at, c.id)
    )
    with database.transaction() as connection:
        rows = connection.execute(query).all()
    return [
        PlanRecord(
            r.problem_id,
            int(r.expectations),
            int(r.held),
            int(r.broken),
            bool(r.tests_passed),
            _as_datetime(r.checked_at),
        )
        for r in rows
    ]


def _as_datetime(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value)
    return datetime.fromisoformat(str(value))
