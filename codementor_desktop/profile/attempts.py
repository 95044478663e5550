"""A learner's attempts folded per problem, so that the profile of 10,000 attempts is not one pass
over all of them at every call: a summary is extended with the attempts that arrived since, and
the fading is applied at the end (evidence is weighted against a fixed epoch, then scaled to now:
exponential forgetting makes that exact).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date, datetime

from ..domain.learner_evidence import AttemptRecord
from ..domain.vocabulary import Verdict
from .problems import ProblemFacts
from .weights import Weights

LEVELS = {"easy": 0, "medium": 1, "hard": 2}


class AttemptSummary:
    """Per problem: the wins (in time order, as prefix sums) and the losses, weighted against
    ``epoch``; plus each problem's last outcome, the problems solved and the days practised."""

    def __init__(self, problems: Mapping[str, ProblemFacts], weights: Weights):
        self.problems = problems
        self.weights = weights
        self.decay = math.log(2) / (weights.half_life_days * 86400.0)
        self.count = 0
        self.last: AttemptRecord | None = None
        self.epoch: datetime | None = None
        self.first_seen: dict[str, datetime] = {}
        self.failed_today: dict[tuple[str, date], int] = defaultdict(int)
        self.win_times: dict[str, list[datetime]] = defaultdict(list)
        self.win_sums: dict[str, list[float]] = defaultdict(lambda: [0.0])
        self.losses: dict[str, float] = defaultdict(float)
        self.last_outcome: dict[str, tuple[datetime, bool]] = {}
        self.solved: set[str] = set()
        self.days: set[date] = set()

    def continues(self, attempts: Sequence[AttemptRecord]) -> bool:
        """Whether ``attempts`` are the ones summed so far followed by new ones."""
        return self.count <= len(attempts) and (self.count == 0 or attempts[self.count - 1] == self.last)

    def scale(self, now: datetime) -> float:
        """What the sums weigh at ``now``."""
        if self.epoch is None:
            return 1.0
        return math.exp(-self.decay * (now - self.epoch).total_seconds())

    def extend(self, attempts: Sequence[AttemptRecord]) -> None:
        """Add the attempts after those summed so far (``attempts`` is the whole list, oldest first)."""
        w8 = self.weights
        # The loop runs once per attempt (10,000 on a cold start): what it looks up is bound here.
        decay, problems, exp = self.decay, self.problems, math.exp
        last_outcome, days, solved, first_seen = self.last_outcome, self.days, self.solved, self.first_seen
        win_times, win_sums, losses, failed_today = self.win_times, self.win_sums, self.losses, self.failed_today
        accepted, internal = Verdict.AC.value, Verdict.IE.value
        for attempt in attempts[self.count :]:
            problem_id, verdict, submitted, at = attempt.problem_id, attempt.verdict, attempt.submitted, attempt.at
            if self.epoch is None:
                self.epoch = at
            passed = verdict == accepted
            last_outcome[problem_id] = (at, passed)
            day = at.date()
            days.add(day)
            if passed and submitted:
                solved.add(problem_id)
            first = first_seen.setdefault(problem_id, at)
            facts = problems.get(problem_id)
            if facts is None:
                continue
            w = exp(decay * (at - self.epoch).total_seconds())
            level = LEVELS.get(facts.difficulty, 1)
            if passed:
                strength = (w8.submit_accepted if submitted else w8.run_accepted) * w8.win_by_level[level]
                if submitted:
                    strength *= pace(w8, facts, (at - first).total_seconds() / 60)
                win_times[problem_id].append(at)
                sums = win_sums[problem_id]
                sums.append(sums[-1] + w * strength)
            elif verdict is not None and verdict != internal:  # IE is never the learner's fault
                key = (problem_id, day)
                failed_today[key] += 1
                losses[problem_id] += w * w8.run_failed * w8.loss_by_level[level] / failed_today[key]
        self.count = len(attempts)
        self.last = attempts[-1] if attempts else None


def pace(weights: Weights, facts: ProblemFacts, minutes: float) -> float:
    """How much a solve counts by the time it took against the problem's estimate."""
    if minutes > 12 * 60:  # came back another day: the time between says nothing of the pace
        return 1.0
    ratio = minutes / max(1, facts.estimated_minutes)
    if ratio <= 1.0:
        return weights.fast
    if ratio > 2.0:
        return weights.slow
    return 1.0


def summarize(
    attempts: Sequence[AttemptRecord],
    problems: Mapping[str, ProblemFacts],
    weights: Weights,
    previous: AttemptSummary | None = None,
) -> AttemptSummary:
    """The summary of ``attempts``: ``previous`` extended when they continue it, else a new one."""
    if previous is None or previous.problems is not problems or previous.weights != weights:
        previous = None
    elif not previous.continues(attempts):
        previous = None
    summary = previous or AttemptSummary(problems, weights)
    summary.extend(attempts)
    return summary
