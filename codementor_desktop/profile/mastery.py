"""Mastery per weakness pattern and per topic: a Beta-Bernoulli model whose evidence decays.

Each skill keeps a weight of evidence that the learner has it (``wins``) and does not
(``losses``), above a uniform prior of one of each. Every piece of evidence is weighted by its
kind (see ``Weights``) and by ``0.5 ** (age / half_life)``: evidence not renewed fades, and the
skill drifts back to the prior, 50 with full uncertainty. Mastery is the posterior mean (0-100);
uncertainty is the posterior's standard deviation over the prior's (0-1). ``docs/profile-model.md``
says why these numbers.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from ..domain.learner_evidence import LearnerEvidence
from ..domain.vocabulary import WEAKNESS_PATTERNS, Topic
from .attempts import AttemptSummary, summarize
from .problems import ProblemFacts
from .weights import Weights

TOPICS = tuple(t.value for t in Topic)
PRIOR_SD = math.sqrt(1 / 12)  # the standard deviation of Beta(1, 1)


@dataclass
class Skill:
    """One skill's decayed evidence."""

    wins: float = 0.0
    losses: float = 0.0

    @property
    def mastery(self) -> float:
        return 100.0 * (1.0 + self.wins) / (2.0 + self.wins + self.losses)

    @property
    def uncertainty(self) -> float:
        a, b = 1.0 + self.wins, 1.0 + self.losses
        sd = math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1)))
        return min(1.0, sd / PRIOR_SD)

    @property
    def lower_bound(self) -> float:
        """Mastery less one posterior standard deviation, 0-1: what the evidence surely shows."""
        a, b = 1.0 + self.wins, 1.0 + self.losses
        return max(0.0, a / (a + b) - math.sqrt(a * b / ((a + b) ** 2 * (a + b + 1))))

    @property
    def evidence(self) -> float:
        return self.wins + self.losses


@dataclass
class Profile:
    """Every pattern's and topic's skill (untouched ones at the prior)."""

    patterns: dict[str, Skill] = field(default_factory=lambda: {p: Skill() for p in WEAKNESS_PATTERNS})
    topics: dict[str, Skill] = field(default_factory=lambda: {t: Skill() for t in TOPICS})

    def mastery(self, kind: str) -> dict[str, int]:
        return {name: round(skill.mastery) for name, skill in getattr(self, kind).items()}

    def uncertainty(self, kind: str) -> dict[str, float]:
        return {name: round(skill.uncertainty, 3) for name, skill in getattr(self, kind).items()}


def build_profile(
    evidence: LearnerEvidence,
    problems: Mapping[str, ProblemFacts],
    now: datetime,
    weights: Weights = Weights(),
    summary: AttemptSummary | None = None,
) -> Profile:
    """The learner's profile at ``now`` from their evidence; evidence about a problem the bank does
    not have still counts for the patterns an analysis named. ``summary``, the attempts summed at
    an earlier call, is extended rather than summed anew when the attempts continue it."""
    profile = Profile()
    decay = math.log(2) / (weights.half_life_days * 86400.0)

    def fade(at: datetime) -> float:
        return math.exp(-decay * max(0.0, (now - at).total_seconds()))

    def add(skills: dict[str, Skill], names: Iterable[str], wins: float = 0.0, losses: float = 0.0) -> None:
        for name in names:
            skill = skills.get(name)
            if skill is not None:
                skill.wins += wins
                skill.losses += losses

    detected_since: dict[str, datetime] = {}  # the first detection of each pattern
    for record in evidence.patterns:
        if record.pattern_type not in profile.patterns:
            continue  # a likely bug location is no weakness of the learner
        w = weights.detected * record.confidence * fade(record.at)
        add(profile.patterns, [record.pattern_type], losses=w)
        facts = problems.get(record.problem_id)
        if facts is not None:
            add(profile.topics, facts.topics, losses=weights.detected_topic * record.confidence * fade(record.at))
        detected_since.setdefault(record.pattern_type, record.at)

    # Attempts are summed per problem first (and kept, to be extended), then spread over the
    # problem's skills once.
    summary = summarize(evidence.attempts, problems, weights, summary)
    scale = summary.scale(now)
    for problem_id in set(summary.win_times) | set(summary.losses):
        facts = problems[problem_id]
        sums = summary.win_sums[problem_id]
        wins = sums[-1] * scale
        losses = summary.losses[problem_id] * scale
        add(profile.topics, facts.topics, wins=wins, losses=losses)
        for pattern in facts.patterns:
            since = detected_since.get(pattern)
            recovered = 0.0
            if since is not None:  # the wins after the pattern was first detected count more
                recovered = wins - sums[bisect_right(summary.win_times[problem_id], since)] * scale
            add(profile.patterns, [pattern], wins=wins + (weights.recovery - 1.0) * recovered, losses=losses)

    for hint in evidence.hints:
        facts = problems.get(hint.problem_id)
        if facts is not None:
            loss = weights.hint_per_level * max(1, hint.level) * fade(hint.at)
            add(profile.patterns, facts.patterns, losses=loss)
            add(profile.topics, facts.topics, losses=loss)
    for escalation in evidence.escalations:
        facts = problems.get(escalation.problem_id or "")
        if facts is not None:
            loss = weights.escalation * fade(escalation.at)
            add(profile.patterns, facts.patterns, losses=loss)
            add(profile.topics, facts.topics, losses=loss)
    # A plan that held is understanding shown: the latest check of each problem's plan counts
    # ``plan_held`` times the share of its expectations that held, when none broke and the code
    # passed the visible tests. A broken expectation takes nothing away: finding it is the point.
    latest = {check.problem_id: check for check in evidence.plans}
    for check in latest.values():
        facts = problems.get(check.problem_id)
        if facts is None or not check.expectations or check.broken or not check.tests_passed:
            continue
        win = weights.plan_held * (check.held / check.expectations) * fade(check.at)
        add(profile.patterns, facts.patterns, wins=win)
        add(profile.topics, facts.topics, wins=win)
    return profile
