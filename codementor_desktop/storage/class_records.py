"""What the instructor's class report reads: for every learner, their judged attempts (with the
first failing test of each), the patterns their analyses found, and their mock interviews.

Read on the instructor's login, row-level security lets every row through; on a learner's, only
their own (a learner who runs the report sees a class of one).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, select

from .analyses import ANALYSES, PATTERNS
from .database import Database
from .models import Learner, MockInterview, StoredRun
from .progress import JUDGE_TOOL
from .runs import decode_result

RUNS = cast(Table, StoredRun.__table__)
LEARNERS = cast(Table, Learner.__table__)
INTERVIEWS = cast(Table, MockInterview.__table__)


@dataclass(frozen=True)
class JudgedAttempt:
    problem_id: str
    verdict: str | None
    submitted: bool
    at: datetime
    seconds_open: float | None
    failing_test: int | None  # the first failing test's id (None when every test passed)


@dataclass(frozen=True)
class InterviewRecord:
    problem_id: str | None
    status: str
    solved: bool  # an accepted Submit during the interview
    minutes_used: float | None
    minutes_allowed: float


@dataclass
class LearnerRecords:
    name: str
    attempts: list[JudgedAttempt] = field(default_factory=list)
    findings: list[tuple[str, str]] = field(default_factory=list)  # (problem_id, pattern id)
    interviews: list[InterviewRecord] = field(default_factory=list)


def class_records(database: Database) -> list[LearnerRecords]:
    """Every learner the login may read, with their records, by name."""
    with database.transaction() as connection:
        learners = {
            row.id: LearnerRecords(row.name) for row in connection.execute(select(LEARNERS.c.id, LEARNERS.c.name))
        }
        judged = select(
            RUNS.c.learner_id, RUNS.c.problem_id, RUNS.c.verdict, RUNS.c.submitted, RUNS.c.created_at,
            RUNS.c.seconds_open, RUNS.c.result,
        ).where(RUNS.c.tool == JUDGE_TOOL, RUNS.c.problem_id.is_not(None)).order_by(RUNS.c.created_at)  # fmt: skip
        for row in connection.execute(judged):
            if row.learner_id in learners:
                learners[row.learner_id].attempts.append(
                    JudgedAttempt(
                        row.problem_id,
                        row.verdict,
                        bool(row.submitted),
                        row.created_at,
                        row.seconds_open,
                        _first_failing(row.result),
                    )  # fmt: skip
                )
        found = (
            select(ANALYSES.c.learner_id, ANALYSES.c.problem_id, PATTERNS.c.pattern_type)
            .join(PATTERNS, PATTERNS.c.analysis_id == ANALYSES.c.id)
            .where(PATTERNS.c.flagged.is_(False))
        )
        for learner_id, problem_id, pattern in connection.execute(found):
            if learner_id in learners:
                learners[learner_id].findings.append((problem_id, pattern))
        for interview in connection.execute(select(INTERVIEWS).order_by(INTERVIEWS.c.created_at)).mappings():
            if interview["learner_id"] in learners and interview["status"] != "scheduled":
                learners[interview["learner_id"]].interviews.append(_interview(interview))
    return sorted(learners.values(), key=lambda records: records.name)


def _first_failing(blob: bytes | None) -> int | None:
    if not blob:
        return None
    try:
        result = decode_result(blob)
    except Exception:  # noqa: BLE001 - an unreadable old row says nothing about a test
        return None
    for test in result.get("test_results") or []:
        if isinstance(test, dict) and not test.get("passed"):
            test_id = test.get("test_id")
            return int(test_id) if isinstance(test_id, int) else None
    return None


def _interview(row: Any) -> InterviewRecord:
    submits = _json_list(row["submits"])
    used = None
    if row["started_at"] is not None and row["ended_at"] is not None:
        used = round((row["ended_at"] - row["started_at"]).total_seconds() / 60.0, 1)
    solved = any(isinstance(s, dict) and s.get("verdict") == "AC" for s in submits)
    return InterviewRecord(row["problem_id"], row["status"], solved, used, round(row["time_limit_s"] / 60.0, 1))


def _json_list(text: str | None) -> list[Any]:
    try:
        value = json.loads(text or "[]")
    except ValueError:
        return []
    return value if isinstance(value, list) else []
