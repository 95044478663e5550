"""What the profile needs to know of a problem, apart from the bank's full model."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ProblemFacts:
    """A problem's id, title, difficulty, topics, the weakness patterns it trains and its time."""

    id: str
    title: str
    difficulty: str
    topics: tuple[str, ...]
    patterns: tuple[str, ...]
    estimated_minutes: int


@dataclass(frozen=True)
class Calibration:
    """Everyone's outcome on one problem, as the aggregate view counts it: how many learners tried
    it and the share of them who got it accepted."""

    learners: int
    success_rate: float
