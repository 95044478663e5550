"""A learner's evidence for the profile, read from what the database keeps: judged attempts with
their verdicts and times, detected patterns that still count (flagged ones left out), and, where
the database has those tables, the hints taken and the tutor's escalations.

Only one learner's rows are read; the profile of one learner is never built from another's.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import MetaData, Table, func, inspect, select
from sqlalchemy.engine import Connection, Engine, Row

from ..domain.learner_evidence import AttemptRecord, EscalationRecord, HintRecord, LearnerEvidence, PatternRecord
from ..domain.vocabulary import Verdict
from .analyses import ANALYSES, PATTERNS
from .database import Database
from .models import StoredRun
from .progress import JUDGE_TOOL, was_submitted
from .runs import decode_result

RUNS = cast(Table, StoredRun.__table__)
# Hints and escalations are kept by tables a later schema adds; each is read when it is there.
HINT_TABLES = ("hints_used", "hints")
ESCALATION_TABLES = ("tutor_escalations", "escalations")
TIME_COLUMNS = ("created_at", "used_at", "at", "escalated_at")
LEVEL_COLUMNS = ("level", "hint_level")

_reflected: weakref.WeakKeyDictionary[Engine, dict[str, Table]] = weakref.WeakKeyDictionary()
_reflected_lock = threading.Lock()


def learner_evidence(database: Database, learner: str) -> LearnerEvidence:
    """Everything the learner's profile is computed from, oldest first."""
    learner_id = database.learner_id(learner)
    return LearnerEvidence(
        attempts=_attempts(database, learner_id),
        patterns=_patterns(database, learner_id),
        hints=_hints(database, learner_id),
        escalations=_escalations(database, learner_id),
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
    # Runs of every kind are read (and counted), so that a row added out of time order (its clock
    # behind the newest read) shows as a count that does not add up, and everything is read anew.
    query = (
        select(RUNS.c.id, RUNS.c.tool, RUNS.c.problem_id, RUNS.c.verdict, RUNS.c.created_at)
        .where(RUNS.c.learner_id == learner_id)
        .order_by(RUNS.c.created_at, RUNS.c.id)
    )
    count = select(func.count()).select_from(RUNS).where(RUNS.c.learner_id == learner_id)
    with _reflected_lock:
        known = _attempts_read.setdefault(database.engine, {}).get(learner_id)
    with database.transaction() as connection:
        runs = int(connection.execute(count).scalar_one())
        if known is not None and runs == known.runs:
            return list(known.attempts)
        rows = []
        if known is not None and runs > known.runs and known.newest is not None:
            newer = query.where(RUNS.c.created_at >= known.newest)
            rows = [row for row in connection.execute(newer) if row.id not in known.ids_at_newest]
            if len(rows) != runs - known.runs:
                known = None
        if known is None or runs < known.runs or known.newest is None:
            known = _AttemptsRead(0, None, set(), [], set())
            rows = list(connection.execute(query))
        newest = rows[-1].created_at if rows else known.newest
        at_newest = {r.id for r in rows if r.created_at == newest}
        if newest == known.newest:
            at_newest |= known.ids_at_newest
        rows = [r for r in rows if r.tool == JUDGE_TOOL and r.problem_id is not None]
        submits = _first_submits(connection, rows, known.solved)
    attempts = known.attempts + [AttemptRecord(r.problem_id, r.verdict, r.id in submits, r.created_at) for r in rows]
    solved = known.solved | {a.problem_id for a in attempts[len(known.attempts) :] if a.submitted}
    with _reflected_lock:
        _attempts_read[database.engine][learner_id] = _AttemptsRead(runs, newest, at_newest, attempts, solved)
    return list(attempts)


def _first_submits(connection: Connection, rows: Sequence[Row], solved: set[str]) -> set[str]:
    """The ids of the accepted Submits among ``rows``, up to each problem's first: a Submit is
    told apart by its hidden tests, so a result must be opened, and only the accepted runs of a
    problem not yet solved are (in rounds, one query each), so 10,000 attempts read quickly."""
    accepted: dict[str, list[str]] = {}
    for row in rows:
        if row.verdict == Verdict.AC and row.problem_id not in solved:
            accepted.setdefault(row.problem_id, []).append(row.id)
    submits: set[str] = set()
    round_ = 0
    while accepted:
        asked = {ids[round_]: problem for problem, ids in accepted.items() if round_ < len(ids)}
        if not asked:
            break
        found = connection.execute(select(RUNS.c.id, RUNS.c.result).where(RUNS.c.id.in_(list(asked))))
        for run_id, blob in found:
            if blob is not None and was_submitted(decode_result(blob)):
                submits.add(run_id)
                accepted.pop(asked[run_id], None)
        round_ += 1
    return submits


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


def _optional_table(database: Database, names: tuple[str, ...]) -> Table | None:
    """The first of ``names`` this database has, reflected once per database; None when absent."""
    key = database.engine
    with _reflected_lock:
        if key not in _reflected:
            present = set(inspect(database.engine).get_table_names())
            wanted = [n for n in (*HINT_TABLES, *ESCALATION_TABLES) if n in present]
            metadata = MetaData()
            metadata.reflect(database.engine, only=wanted)
            _reflected[key] = dict(metadata.tables)
        tables = _reflected[key]
    for name in names:
        found = tables.get(name)
        if found is not None and "learner_id" in found.c and _first(found, TIME_COLUMNS) is not None:
            return found
    return None


def _first(table: Table, names: tuple[str, ...]) -> Any:
    return next((table.c[n] for n in names if n in table.c), None)


def _hints(database: Database, learner_id: int) -> list[HintRecord]:
    hints = _optional_table(database, HINT_TABLES)
    if hints is None or "problem_id" not in hints.c:
        return []
    at, level = _first(hints, TIME_COLUMNS), _first(hints, LEVEL_COLUMNS)
    columns = [hints.c.problem_id, at] + ([level] if level is not None else [])
    query = select(*columns).where(hints.c.learner_id == learner_id).order_by(at)
    with database.transaction() as connection:
        return [
            HintRecord(str(r[0]), int(r[2] or 1) if level is not None else 1, _as_datetime(r[1]))
            for r in connection.execute(query)
            if r[0] is not None
        ]


def _escalations(database: Database, learner_id: int) -> list[EscalationRecord]:
    escalations = _optional_table(database, ESCALATION_TABLES)
    if escalations is None:
        return []
    at = _first(escalations, TIME_COLUMNS)
    problem = escalations.c.problem_id if "problem_id" in escalations.c else None
    columns = [at] + ([problem] if problem is not None else [])
    query = select(*columns).where(escalations.c.learner_id == learner_id).order_by(at)
    with database.transaction() as connection:
        return [
            EscalationRecord(str(r[1]) if problem is not None and r[1] is not None else None, _as_datetime(r[0]))
            for r in connection.execute(query)
        ]


def _as_datetime(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None) if value.tzinfo else value
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value)
    return datetime.fromisoformat(str(value))
