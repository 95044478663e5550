"""A learner's mock interviews: booked (``scheduled``, with a reminder time or none), under way
(``running``), over (``finished`` with its debrief, or ``abandoned``).

An interview keeps every Submit's verdict with the seconds since its start, the learner's think-aloud
notes as typed, what they would improve, and the debrief as JSON. The trend and the totals read the
finished ones: solved (an accepted Submit) or not, and the time used against the limit.
"""

from __future__ import annotations

import json
import statistics
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, insert, select, update

from .database import Database
from .models import MockInterview

INTERVIEWS = cast(Table, MockInterview.__table__)
SCHEDULED, RUNNING, FINISHED, ABANDONED = "scheduled", "running", "finished", "abandoned"


class InterviewStateError(ValueError):
    """The interview is not in a state that allows this (a Submit recorded on a finished one)."""


@dataclass(frozen=True)
class Interview:
    """One mock interview as kept."""

    interview_id: str
    problem_id: str | None
    language: str
    difficulty: str | None
    topics: tuple[str, ...]
    status: str
    created_at: datetime
    scheduled_for: datetime | None
    started_at: datetime | None
    ended_at: datetime | None
    time_limit_s: int
    submits: tuple[dict[str, Any], ...] = ()
    think_aloud: str = ""
    improvement: str = ""
    debrief: dict[str, Any] = field(default_factory=dict)

    @property
    def solved(self) -> bool:
        """An accepted Submit during the interview."""
        return any(s.get("verdict") == "AC" for s in self.submits)

    @property
    def seconds_used(self) -> float | None:
        """From the start to the end (to the last Submit when it ended later than the limit)."""
        if self.started_at is None or self.ended_at is None:
            return None
        return max(0.0, (self.ended_at - self.started_at).total_seconds())

    @property
    def time_ratio(self) -> float | None:
        """Time used over the limit: 1.0 is the whole time."""
        used = self.seconds_used
        return None if used is None or self.time_limit_s <= 0 else used / self.time_limit_s

    @property
    def last_verdict(self) -> str | None:
        return self.submits[-1].get("verdict") if self.submits else None


@dataclass(frozen=True)
class InterviewTotals:
    """A learner's interviews, counted for ``get_user_progress`` and the profile."""

    count: int
    finished: int
    solved: int
    median_time_ratio: float | None
    last: tuple[Interview, ...]  # the last few finished, newest first


class Interviews:
    """Every learner's mock interviews in one database."""

    def __init__(self, database: Database):
        self._database = database

    def schedule(
        self,
        learner: str,
        *,
        problem_id: str,
        language: str,
        time_limit_s: int,
        difficulty: str | None = None,
        topics: tuple[str, ...] = (),
        at: datetime | None = None,
        now: datetime | None = None,
    ) -> Interview:
        """Book an interview of ``problem_id``; ``at`` is the time of its reminder (None: start it
        when the learner likes)."""
        learner_id = self._database.learner_id(learner)
        interview_id = f"interview_{uuid.uuid4().hex[:16]}"
        with self._database.transaction() as connection:
            connection.execute(
                insert(INTERVIEWS).values(
                    learner_id=learner_id,
                    interview_id=interview_id,
                    problem_id=problem_id,
                    language=language,
                    difficulty=difficulty,
                    topics=json.dumps(list(topics)),
                    status=SCHEDULED,
                    created_at=now or datetime.now(),
                    scheduled_for=at,
                    time_limit_s=int(time_limit_s),
                    submits="[]",
                    think_aloud="",
                    improvement="",
                    debrief="{}",
                )
            )
        return self.get(learner, interview_id)

    def start(self, learner: str, interview_id: str, now: datetime | None = None) -> Interview:
        """The clock starts now (a booked interview, or one started again after it was left)."""
        kept = self.get(learner, interview_id)
        if kept.status not in (SCHEDULED, RUNNING):
            raise InterviewStateError(f"The interview {interview_id} is {kept.status}: it cannot start again.")
        self._set(learner, interview_id, status=RUNNING, started_at=now or datetime.now())
        return self.get(learner, interview_id)

    def record_submit(
        self,
        learner: str,
        interview_id: str,
        *,
        verdict: str | None,
        passed: int | None = None,
        total: int | None = None,
        run_id: str | None = None,
        now: datetime | None = None,
    ) -> Interview:
        """A Submit made during the interview: its verdict, kept with the seconds since the start."""
        kept = self._running(learner, interview_id)
        at = now or datetime.now()
        started = kept.started_at or at
        submit = {
            "verdict": verdict,
            "passed": passed,
            "total": total,
            "run_id": run_id,
            "seconds": round((at - started).total_seconds(), 1),
        }
        self._set(learner, interview_id, submits=json.dumps([*kept.submits, submit]))
        return self.get(learner, interview_id)

    def save_think_aloud(self, learner: str, interview_id: str, text: str) -> None:
        """The think-aloud notes as they stand (saved as typed)."""
        self._set(learner, interview_id, think_aloud=text)

    def save_improvement(self, learner: str, interview_id: str, text: str) -> None:
        """What the learner would improve (the debrief's box)."""
        self._set(learner, interview_id, improvement=text)

    def end(self, learner: str, interview_id: str, now: datetime | None = None) -> Interview:
        """The interview's time is over ("I'm done", or the time is up): the debrief follows."""
        kept = self._running(learner, interview_id)
        at = now or datetime.now()
        if kept.started_at is not None:  # the clock stops at the limit: time up is the whole time
            at = min(at, kept.started_at + timedelta(seconds=kept.time_limit_s))
        self._set(learner, interview_id, ended_at=at)
        return self.get(learner, interview_id)

    def finish(
        self, learner: str, interview_id: str, debrief: dict[str, Any], now: datetime | None = None
    ) -> Interview:
        """The debrief is kept and the interview counts as finished."""
        kept = self.get(learner, interview_id)
        if kept.status not in (RUNNING, FINISHED):
            raise InterviewStateError(f"The interview {interview_id} is {kept.status}: it has no debrief.")
        ended = kept.ended_at or now or datetime.now()
        self._set(learner, interview_id, status=FINISHED, ended_at=ended, debrief=json.dumps(debrief, default=str))
        return self.get(learner, interview_id)

    def abandon(self, learner: str, interview_id: str, now: datetime | None = None) -> Interview:
        kept = self.get(learner, interview_id)
        if kept.status in (FINISHED, ABANDONED):
            return kept
        self._set(learner, interview_id, status=ABANDONED, ended_at=kept.ended_at or now or datetime.now())
        return self.get(learner, interview_id)

    def get(self, learner: str, interview_id: str) -> Interview:
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            row = (
                connection.execute(
                    select(INTERVIEWS).where(
                        INTERVIEWS.c.learner_id == learner_id, INTERVIEWS.c.interview_id == interview_id
                    )
                )
                .mappings()
                .first()
            )
        if row is None:
            raise KeyError(interview_id)
        return _interview(row)

    def of_learner(self, learner: str, status: str | None = None) -> list[Interview]:
        """The learner's interviews, oldest first (of one status when it is named)."""
        learner_id = self._database.learner_id(learner)
        query = select(INTERVIEWS).where(INTERVIEWS.c.learner_id == learner_id)
        if status is not None:
            query = query.where(INTERVIEWS.c.status == status)
        with self._database.transaction() as connection:
            rows = connection.execute(query.order_by(INTERVIEWS.c.created_at, INTERVIEWS.c.id)).mappings().all()
        return [_interview(row) for row in rows]

    def reminders(self, learner: str, now: datetime | None = None) -> list[Interview]:
        """Booked interviews with a reminder time, soonest first (those already due included)."""
        del now  # every booked one with a time: one missed while the app was closed is due at once
        booked = [i for i in self.of_learner(learner, SCHEDULED) if i.scheduled_for is not None]
        return sorted(booked, key=lambda i: cast(datetime, i.scheduled_for))

    def trend(self, learner: str) -> list[Interview]:
        """The finished interviews, in the order they were held (the profile's chart)."""
        done = self.of_learner(learner, FINISHED)
        return sorted(done, key=lambda i: i.started_at or i.created_at)

    def totals(self, learner: str, last: int = 5) -> InterviewTotals:
        everything = self.of_learner(learner)
        finished = self.trend(learner)
        ratios = [r for r in (i.time_ratio for i in finished) if r is not None]
        return InterviewTotals(
            count=len(everything),
            finished=len(finished),
            solved=sum(1 for i in finished if i.solved),
            median_time_ratio=round(statistics.median(ratios), 2) if ratios else None,
            last=tuple(reversed(finished[-last:])),
        )

    # --- inside ---------------------------------------------------------------------------------
    def _running(self, learner: str, interview_id: str) -> Interview:
        kept = self.get(learner, interview_id)
        if kept.status != RUNNING:
            raise InterviewStateError(f"The interview {interview_id} is {kept.status}, not under way.")
        return kept

    def _set(self, learner: str, interview_id: str, **values: Any) -> None:
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            done = connection.execute(
                update(INTERVIEWS)
                .where(INTERVIEWS.c.learner_id == learner_id, INTERVIEWS.c.interview_id == interview_id)
                .values(**values)
            )
        if done.rowcount == 0:
            raise KeyError(interview_id)


def _interview(row: Any) -> Interview:
    return Interview(
        interview_id=row["interview_id"],
        problem_id=row["problem_id"],
        language=row["language"],
        difficulty=row["difficulty"],
        topics=tuple(json.loads(row["topics"] or "[]")),
        status=row["status"],
        created_at=row["created_at"],
        scheduled_for=row["scheduled_for"],
        started_at=row["started_at"],
        ended_at=row["ended_at"],
        time_limit_s=int(row["time_limit_s"]),
        submits=tuple(json.loads(row["submits"] or "[]")),
        think_aloud=row["think_aloud"] or "",
        improvement=row["improvement"] or "",
        debrief=json.loads(row["debrief"] or "{}"),
    )
