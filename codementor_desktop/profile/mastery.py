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
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from ..domain.learner_evidence import LearnerEvidence
from ..domain.vocabulary import PATTERNS, Topic, Verdict
from .problems import ProblemFacts

TOPICS = tuple(t.value for t in Topic)
PRIOR_SD = math.sqrt(1 / 12)  # the standard deviation of Beta(1, 1)


@dataclass(frozen=True)
class Weights:
    """How much each kind of evidence counts, and how fast it fades."""

    half_life_days: float = 21.0
    submit_accepted: float = 1.0  # a Submit whose hidden tests pass: the strongest success
    run_accepted: float = 0.5  # visible tests pass: a success, weaker
    run_failed: float = 0.35  # divided by how many failed runs of the problem that day came before
    detected: float = 1.0  # times the detection's confidence, on that pattern
    detected_topic: float = 0.5  # the same detection, on the problem's topics
    hint_per_level: float = 0.25  # a hint of level L counts L times this against the problem's skills
    escalation: float = 0.5
    fast: float = 1.2  # solved within the estimated minutes
    slow: float = 0.7  # solved after more than twice the estimate
    recovery: float = 1.5  # a success on a pattern that was detected earlier: the learner overcame it


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
    def evidence(self) -> float:
        return self.wins + self.losses


@dataclass
class Profile:
    """Every pattern's and topic's skill (untouched ones at the prior)."""

    patterns: dict[str, Skill] = field(default_factory=lambda: {p: Skill() for p in PATTERNS})
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
) -> Profile:
    """The learner's profile at ``now`` from their evidence; evidence about a problem the bank does
    not have still counts for the patterns an analysis named."""
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
        w = weights.detected * record.confidence * fade(record.at)
        add(profile.patterns, [record.pattern_type], losses=w)
        facts = problems.get(record.problem_id)
        if facts is not None:
            add(profile.topics, facts.topics, losses=weights.detected_topic * record.confidence * fade(record.at))
        detected_since.setdefault(record.pattern_type, record.at)

    first_seen: dict[str, datetime] = {}
    failed_today: dict[tuple[str, object], int] = defaultdict(int)
    for attempt in evidence.attempts:
        facts = problems.get(attempt.problem_id)
        first_seen.setdefault(attempt.problem_id, attempt.at)
        if facts is None:
            continue
        w = fade(attempt.at)
        if attempt.verdict == Verdict.AC:
            strength = weights.submit_accepted if attempt.submitted else weights.run_accepted
            if attempt.submitted:
                strength *= _pace(weights, facts, (attempt.at - first_seen[attempt.problem_id]).total_seconds() / 60)
            for pattern in facts.patterns:
                since = detected_since.get(pattern)
                bonus = weights.recovery if since is not None and since < attempt.at else 1.0
                add(profile.patterns, [pattern], wins=w * strength * bonus)
            add(profile.topics, facts.topics, wins=w * strength)
        elif attempt.verdict is not None and attempt.verdict != Verdict.IE:  # IE is never the learner's fault
            key = (attempt.problem_id, attempt.at.date())
            failed_today[key] += 1
            loss = w * weights.run_failed / failed_today[key]
            add(profile.patterns, facts.patterns, losses=loss)
            add(profile.topics, facts.topics, losses=loss)

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
    return profile


def _pace(weights: Weights, facts: ProblemFacts, minutes: float) -> float:
    """How much a solve counts by the time it took against the problem's estimate."""
    if minutes > 12 * 60:  # came back another day: the time between says nothing of the pace
        return 1.0
    ratio = minutes / max(1, facts.estimated_minutes)
    if ratio <= 1.0:
        return weights.fast
    if ratio > 2.0:
        return weights.slow
    return 1.0
