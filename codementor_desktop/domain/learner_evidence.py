"""What a learner's profile is learnt from, as plain records: the judged attempts, the detected
patterns that still count, the hints taken and the tutor's escalations. The storage reads them;
the profile model turns them into mastery. Times are the learner's local wall-clock times."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import NamedTuple


class AttemptRecord(NamedTuple):
    """One judged run of a bank problem (Run or Submit) and how it ended. A named tuple, not a
    dataclass: a learner's profile is made from 10,000 of them, and a tuple is made 4 times faster."""

    problem_id: str
    verdict: str | None
    submitted: bool  # a Submit (hidden tests ran); an accepted Submit solves the problem
    at: datetime


@dataclass(frozen=True)
class PatternRecord:
    """A weakness pattern an analysis detected in an attempt (flagged detections are left out)."""

    problem_id: str
    pattern_type: str
    confidence: float
    at: datetime


@dataclass(frozen=True)
class HintRecord:
    """A hint taken on a problem; ``level`` 1 is a nudge, higher levels give more away."""

    problem_id: str
    level: int
    at: datetime


@dataclass(frozen=True)
class PlanRecord:
    """A ``/debug`` of the learner's plan for a problem: how many expectations were checked, how
    many held and how many broke, and whether the code passed the problem's visible tests."""

    problem_id: str
    expectations: int
    held: int
    broken: int
    tests_passed: bool
    at: datetime


@dataclass(frozen=True)
class EscalationRecord:
    """The tutor escalated a conversation about a problem: the learner was stuck."""

    problem_id: str | None
    at: datetime


@dataclass(frozen=True)
class LearnerEvidence:
    """Everything the profile of one learner is computed from, oldest first in each list."""

    attempts: list[AttemptRecord] = field(default_factory=list)
    patterns: list[PatternRecord] = field(default_factory=list)
    hints: list[HintRecord] = field(default_factory=list)
    escalations: list[EscalationRecord] = field(default_factory=list)
    plans: list[PlanRecord] = field(default_factory=list)

    def until(self, moment: datetime) -> LearnerEvidence:
        """The evidence as it stood at ``moment`` (for the trend over time)."""
        return LearnerEvidence(
            [a for a in self.attempts if a.at <= moment],
            [p for p in self.patterns if p.at <= moment],
            [h for h in self.hints if h.at <= moment],
            [e for e in self.escalations if e.at <= moment],
            [p for p in self.plans if p.at <= moment],
        )
