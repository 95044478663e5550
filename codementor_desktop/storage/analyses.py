"""Analyses kept for the learner: each analysis of an attempt, the patterns it detected (one row a
pattern: the evidence the weakness profile learns from), and the flags saying a detection was
wrong. A flagged pattern stays in the table, marked, and no longer counts as evidence.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Integer, Table, func, insert, select, update
from sqlalchemy import cast as sql_cast

from .database import Database
from .models import Analysis, AnalysisFlag, DetectedPattern, StoredRun
from .runs import decode_result

ANALYSES = cast(Table, Analysis.__table__)
PATTERNS = cast(Table, DetectedPattern.__table__)
FLAGS = cast(Table, AnalysisFlag.__table__)
RUNS = cast(Table, StoredRun.__table__)


class UnknownAttempt(LookupError):
    """No analysis of this attempt is kept for the learner."""

    def __init__(self, attempt_id: str):
        self.attempt_id = attempt_id
        super().__init__(f"no analysis of attempt {attempt_id!r} is kept for this learner")


class PatternNotReported(LookupError):
    """The attempt's analysis did not report the pattern being flagged; ``reported`` lists what it did."""

    def __init__(self, attempt_id: str, pattern_type: str, reported: list[str]):
        self.attempt_id = attempt_id
        self.pattern_type = pattern_type
        self.reported = reported
        listed = ", ".join(reported) if reported else "no pattern at all"
        super().__init__(f"the analysis of {attempt_id} did not report {pattern_type}; it reported {listed}")


@dataclass(frozen=True)
class Flag:
    """A flag as stored, and how many detected patterns it marked."""

    flag_id: int
    attempt_id: str
    pattern_type: str | None
    patterns_flagged: int


@dataclass(frozen=True)
class Evidence:
    """One detected pattern that still counts (not flagged)."""

    attempt_id: str
    problem_id: str
    language: str
    pattern_type: str
    confidence: float
    severity: str
    created_at: datetime


@dataclass(frozen=True)
class DetectorFlags:
    """How often one detector (a pattern type) reported, and how often it was flagged wrong."""

    pattern_type: str
    reported: int
    flagged: int

    @property
    def flagged_share(self) -> float:
        return self.flagged / self.reported if self.reported else 0.0


class AnalysisStore:
    """The analyses of every learner in one database."""

    def __init__(self, database: Database):
        self._database = database

    def save(
        self,
        learner: str,
        attempt_id: str,
        result: Mapping[str, Any],
        *,
        problem_id: str,
        language: str,
        run_id: str | None = None,
    ) -> int:
        """Keep a complete analysis (the spec's result) and its detected patterns; returns its id."""
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            key = connection.execute(
                insert(ANALYSES).values(
                    learner_id=learner_id,
                    attempt_id=attempt_id,
                    run_id=run_id,
                    problem_id=problem_id,
                    language=language,
                    complexity=json.dumps(result.get("complexity_analysis") or {}, default=str),
                    metrics=json.dumps(result.get("code_quality_metrics") or {}, default=str),
                    created_at=datetime.now(),
                )
            ).inserted_primary_key
            assert key is not None  # a one-row insert always has its key
            analysis_id = int(key[0])
            rows = [
                {
                    "analysis_id": analysis_id,
                    "pattern_type": str(item["pattern_type"]),
                    "confidence": float(item.get("confidence") or 0.0),
                    "severity": str(item.get("severity") or ""),
                    "line_start": int((item.get("code_location") or {}).get("line_start") or 0),
                    "line_end": int((item.get("code_location") or {}).get("line_end") or 0),
                    "flagged": False,
                }
                for item in result.get("detected_patterns") or []
            ]
            if rows:
                connection.execute(insert(PATTERNS), rows)
        return analysis_id

    def flag(self, learner: str, attempt_id: str, feedback: str, pattern_type: str | None, caller: str) -> Flag:
        """Record that the attempt's analysis is wrong about ``pattern_type`` (every pattern when
        None), and mark those patterns so they no longer count. Raises ``UnknownAttempt`` or
        ``PatternNotReported``; then nothing is stored."""
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            analyses = [
                row.id
                for row in connection.execute(
                    select(ANALYSES.c.id).where(
                        ANALYSES.c.learner_id == learner_id, ANALYSES.c.attempt_id == attempt_id
                    )
                )
            ]
            if not analyses:
                raise UnknownAttempt(attempt_id)
            of_attempt = PATTERNS.c.analysis_id.in_(analyses)
            reported = sorted(
                {row.pattern_type for row in connection.execute(select(PATTERNS.c.pattern_type).where(of_attempt))}
            )
            if pattern_type is not None and pattern_type not in reported:
                raise PatternNotReported(attempt_id, pattern_type, reported)
            chosen = of_attempt if pattern_type is None else of_attempt & (PATTERNS.c.pattern_type == pattern_type)
            marked = connection.execute(update(PATTERNS).where(chosen).values(flagged=True)).rowcount
            key = connection.execute(
                insert(FLAGS).values(
                    learner_id=learner_id,
                    attempt_id=attempt_id,
                    pattern_type=pattern_type,
                    feedback=feedback,
                    caller=caller,
                    created_at=datetime.now(),
                )
            ).inserted_primary_key
            assert key is not None
        return Flag(int(key[0]), attempt_id, pattern_type, int(marked or 0))

    def evidence(self, learner: str, problem_id: str | None = None) -> list[Evidence]:
        """The learner's detected patterns that still count (flagged ones left out), oldest first."""
        learner_id = self._database.learner_id(learner)
        query = (
            select(
                ANALYSES.c.attempt_id, ANALYSES.c.problem_id, ANALYSES.c.language, ANALYSES.c.created_at,
                PATTERNS.c.pattern_type, PATTERNS.c.confidence, PATTERNS.c.severity,
            )
            .join(PATTERNS, PATTERNS.c.analysis_id == ANALYSES.c.id)
            .where(ANALYSES.c.learner_id == learner_id, PATTERNS.c.flagged.is_(False))
            .order_by(ANALYSES.c.created_at, PATTERNS.c.id)
        )  # fmt: skip
        if problem_id is not None:
            query = query.where(ANALYSES.c.problem_id == problem_id)
        with self._database.transaction() as connection:
            return [
                Evidence(r.attempt_id, r.problem_id, r.language, r.pattern_type, r.confidence, r.severity, r.created_at)
                for r in connection.execute(query)
            ]

    def flags(self, learner: str, attempt_id: str) -> list[dict[str, Any]]:
        """The flags on one attempt, oldest first."""
        learner_id = self._database.learner_id(learner)
        query = (
            select(FLAGS).where(FLAGS.c.learner_id == learner_id, FLAGS.c.attempt_id == attempt_id).order_by(FLAGS.c.id)
        )
        with self._database.transaction() as connection:
            return [dict(row._mapping) for row in connection.execute(query)]

    def earlier_runs(self, learner: str, problem_id: str, before: str | None = None, limit: int = 10) -> list[dict]:
        """The learner's latest stored runs of ``problem_id`` (oldest first, ``before`` left out):
        the history an analysis reads a repeated error from."""
        learner_id = self._database.learner_id(learner)
        query = (
            select(RUNS.c.id, RUNS.c.result)
            .where(RUNS.c.learner_id == learner_id, RUNS.c.problem_id == problem_id, RUNS.c.kind == "run")
            .order_by(RUNS.c.created_at.desc())
            .limit(limit + 1)
        )
        with self._database.transaction() as connection:
            rows = [row for row in connection.execute(query) if row.id != before][:limit]
        return [decode_result(row.result) for row in reversed(rows)]


def flags_per_detector(database: Database) -> list[DetectorFlags]:
    """Every pattern type ever reported, with how often it was flagged wrong, most flagged first."""
    query = select(
        PATTERNS.c.pattern_type,
        func.count().label("reported"),
        func.sum(sql_cast(PATTERNS.c.flagged, Integer)).label("flagged"),
    ).group_by(PATTERNS.c.pattern_type)
    with database.transaction() as connection:
        tallies = [
            DetectorFlags(r.pattern_type, int(r.reported), int(r.flagged or 0)) for r in connection.execute(query)
        ]
    return sorted(tallies, key=lambda t: (-t.flagged, -t.flagged_share, t.pattern_type))
