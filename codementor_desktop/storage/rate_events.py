"""Rate limits per learner and bucket, counted in the database so that every process shares them."""

from __future__ import annotations

import time
from typing import cast

from sqlalchemy import Table, delete, func, insert, select

from .database import Database
from .models import RateEvent
from .settings import RateLimit

EVENTS = cast(Table, RateEvent.__table__)


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
        events = EVENTS
        mine = (events.c.learner == learner, events.c.bucket == bucket, events.c.at >= since)
        with self._database.transaction() as connection:
            connection.execute(delete(events).where(events.c.bucket == bucket, events.c.at < since))
            used = connection.execute(select(func.count()).select_from(events).where(*mine)).scalar()
            if (used or 0) >= limit.calls:
                oldest = connection.execute(select(func.min(events.c.at)).where(*mine)).scalar()
                return max(1.0, round((oldest or now) + limit.per_seconds - now, 1))
            connection.execute(insert(events).values(learner=learner, bucket=bucket, at=now))
        return None
