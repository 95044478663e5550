"""Rate limits per learner and bucket, counted in the database so that every process shares them."""

from __future__ import annotations

import time

from sqlalchemy import delete, func, select

from .database import Database
from .models import RateEvent
from .settings import RateLimit


class RateLimiter:
    def __init__(self, database: Database, limits: dict[str, RateLimit], clock=time.time):
        self._database = database
        self._limits = limits
        self._clock = clock

    def take(self, learner: str, bucket: str) -> float | None:
        """Count one call; returns None when allowed, else the seconds until one is allowed again."""
        limit = self._limits.get(bucket)
        if limit is None:
            return None
        now = self._clock()
        since = now - limit.per_seconds
        with self._database.session() as session:
            session.execute(delete(RateEvent).where(RateEvent.bucket == bucket, RateEvent.at < since))
            used = session.scalar(
                select(func.count()).where(
                    RateEvent.learner == learner, RateEvent.bucket == bucket, RateEvent.at >= since
                )
            )
            if (used or 0) >= limit.calls:
                oldest = session.scalar(
                    select(func.min(RateEvent.at)).where(
                        RateEvent.learner == learner, RateEvent.bucket == bucket, RateEvent.at >= since
                    )
                )
                return max(1.0, round((oldest or now) + limit.per_seconds - now, 1))
            session.add(RateEvent(learner=learner, bucket=bucket, at=now))
        return None
