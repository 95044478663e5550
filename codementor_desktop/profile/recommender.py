"""What to practise next: problems that train the learner's weakest patterns, at a difficulty
where the predicted chance of solving is near 70 percent, spread across topics.

The chance of solving a problem is a logistic of the learner's ability on it (the log-odds of the
mastery of the patterns and topics it trains) less the problem's difficulty, which starts from its
level and moves toward what everyone's outcomes say (``Calibration``, from the aggregate view).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from ..domain.learner_evidence import LearnerEvidence
from ..domain.vocabulary import Verdict
from .attempts import AttemptSummary, summarize
from .mastery import Profile
from .problems import Calibration, ProblemFacts
from .weights import Weights
from .words import plain

TARGET_SUCCESS = 0.7
RECENT = timedelta(days=7)  # exclude_recent: attempted in the last 7 days
SKIP_FOR = timedelta(days=7)  # a "skip" hides a problem this long; "not relevant" for good
JUST_FAILED = timedelta(hours=24)  # a failed problem never comes back sooner, whatever the arguments
STARTER_BELOW = 3  # fewer problems attempted than this: the starter path
LEVEL_DIFFICULTY = {"easy": -1.4, "medium": -0.2, "hard": 1.0}  # log-odds; a new learner: 80 %, 55 %, 27 %
CALIBRATION_PRIOR = 8.0  # learners' worth of weight the level's difficulty keeps against the data
TOPIC_REPEAT_PENALTY = 0.15


@dataclass(frozen=True)
class Request:
    count: int = 3
    difficulty: str = "adaptive"
    topics: tuple[str, ...] = ()
    exclude_recent: bool = True


@dataclass(frozen=True)
class Recommendation:
    problem: ProblemFacts
    relevance: float
    reason: str
    targeted: tuple[str, ...]
    success_rate: float


@dataclass(frozen=True)
class Flag:
    problem_id: str
    kind: str  # skip | not_relevant
    at: datetime


def _logit(p: float) -> float:
    p = min(0.97, max(0.03, p))
    return math.log(p / (1 - p))


def difficulty_of(problem: ProblemFacts, calibration: Calibration | None) -> float:
    """The problem's difficulty in log-odds: its level's, pulled toward everyone's outcomes."""
    prior = LEVEL_DIFFICULTY.get(problem.difficulty, 0.0)
    if calibration is None or calibration.learners == 0:
        return prior
    observed = -_logit(calibration.success_rate)
    n = calibration.learners
    return (CALIBRATION_PRIOR * prior + n * observed) / (CALIBRATION_PRIOR + n)


def predicted_success(profile: Profile, problem: ProblemFacts, calibration: Calibration | None) -> float:
    skills = [profile.patterns[p] for p in problem.patterns if p in profile.patterns]
    skills += [profile.topics[t] for t in problem.topics if t in profile.topics]
    ability = sum(_logit(s.mastery / 100) for s in skills) / len(skills) if skills else 0.0
    return 1.0 / (1.0 + math.exp(-(ability - difficulty_of(problem, calibration))))


def _hidden(
    summary: AttemptSummary, flags: Sequence[Flag], request: Request, now: datetime
) -> tuple[set[str], set[str]]:
    """Problems not to recommend now, and those (among them) that were left out only as recent."""
    hidden = {f.problem_id for f in flags if f.kind == "not_relevant" or now - f.at < SKIP_FOR}
    recent = set()
    for problem_id, (at, passed) in summary.last_outcome.items():
        if not passed and now - at < JUST_FAILED:
            hidden.add(problem_id)
        elif request.exclude_recent and now - at < RECENT:
            recent.add(problem_id)
    if summary.last is not None and summary.last.verdict != Verdict.AC:
        hidden.add(summary.last.problem_id)  # the very last failure is never next
    return hidden, recent - hidden


def recommend(
    profile: Profile,
    evidence: LearnerEvidence,
    problems: Mapping[str, ProblemFacts],
    calibration: Mapping[str, Calibration],
    flags: Sequence[Flag],
    request: Request,
    now: datetime,
    summary: AttemptSummary | None = None,
) -> tuple[list[Recommendation], bool]:
    """The recommendations, best first, and whether they are the starter path. ``summary`` is
    the one the profile was built with, if any."""
    summary = summarize(evidence.attempts, problems, Weights(), summary)
    hidden, recent = _hidden(summary, flags, request, now)
    pool = [
        p for p in problems.values()
        if p.id not in hidden
        and (not request.topics or set(p.topics) & set(request.topics))
        and (request.difficulty == "adaptive" or p.difficulty == request.difficulty)
    ]  # fmt: skip
    fresh = [p for p in pool if p.id not in recent]
    pool = fresh if len(fresh) >= request.count else pool  # too few left: recent ones come back
    attempted = summary.first_seen
    if len(attempted) < STARTER_BELOW:
        return _starter(profile, pool, calibration, request, len(attempted)), True
    solved = summary.solved
    # What the evidence surely shows: a pattern seen succeed a few times still needs practice.
    # An untried pattern is neither weak nor strong: 0.5, below a pattern seen to fail.
    seen = {name for name, skill in profile.patterns.items() if skill.evidence > 0}
    need = {name: 1.0 - skill.lower_bound if name in seen else 0.5 for name, skill in profile.patterns.items()}
    weakest = sorted(seen, key=lambda name: -need[name])[:3]
    scored = []
    for problem in pool:
        chance = predicted_success(profile, problem, calibration.get(problem.id))
        needs = [need.get(p, 0.5) for p in problem.patterns]
        weakness = 0.7 * max(needs) + 0.3 * sum(needs) / len(needs)
        width = 0.2 if request.difficulty == "adaptive" else 0.35
        fit = math.exp(-(((chance - TARGET_SUCCESS) / width) ** 2))
        score = (0.6 * weakness + 0.4 * fit) * (0.5 if problem.id in solved else 1.0)
        scored.append((score, chance, problem))
    chosen: list[Recommendation] = []
    topics_taken: dict[str, int] = {}
    while scored and len(chosen) < request.count:
        # Spread across topics unless the learner chose them.
        best = max(scored, key=lambda e: _diverse(e[0], e[2], topics_taken, bool(request.topics)))
        scored.remove(best)
        score, chance, problem = best
        for topic in problem.topics:
            topics_taken[topic] = topics_taken.get(topic, 0) + 1
        weak = (p for p in problem.patterns if p in weakest or (p in seen and profile.patterns[p].mastery < 50))
        targeted = tuple(sorted(weak, key=lambda p: -need[p]))
        untried = tuple(p for p in problem.patterns if p not in seen)
        chosen.append(
            Recommendation(
                problem,
                round(max(0.0, min(1.0, score)), 2),
                _reason(profile, targeted, untried, chance, problem.id in solved),
                targeted,
                round(chance, 2),
            )
        )
    return chosen, False


def _diverse(score: float, problem: ProblemFacts, taken: Mapping[str, int], filtered: bool) -> float:
    if filtered:
        return score
    return score - TOPIC_REPEAT_PENALTY * sum(taken.get(t, 0) for t in problem.topics)


def _reason(profile: Profile, targeted: Sequence[str], untried: Sequence[str], chance: float, solved: bool) -> str:
    if targeted:
        named = " and ".join(f"{plain(p)} (mastery {round(profile.patterns[p].mastery)})" for p in targeted[:2])
        text = f"Targets your weakness: {named}."
    elif untried:
        text = f"Tries what you have not practised yet: {' and '.join(plain(p) for p in untried[:2])}."
    else:
        text = "Keeps your strong patterns fresh."
    text += f" Your estimated chance to solve it is {round(chance * 100)}%"
    text += ", near the 70% that stretches you without stalling." if abs(chance - TARGET_SUCCESS) < 0.15 else "."
    if solved:
        text += " You solved it before: solve it again from scratch."
    return text


def _starter(
    profile: Profile,
    pool: Sequence[ProblemFacts],
    calibration: Mapping[str, Calibration],
    request: Request,
    attempted: int,
) -> list[Recommendation]:
    """Popular problems (most learners tried them; the easiest and quickest when nobody has),
    one topic after another."""
    level = {"easy": 0, "medium": 1, "hard": 2}
    ranked = sorted(
        pool,
        key=lambda p: (
            level.get(p.difficulty, 3) if request.difficulty == "adaptive" else 0,
            -(calibration[p.id].learners if p.id in calibration else 0),
            p.estimated_minutes,
            p.id,
        ),
    )
    chosen: list[ProblemFacts] = []
    topics: set[str] = set()
    for problem in ranked:  # first one problem per topic, then the rest in order
        if len(chosen) < request.count and not (set(problem.topics) & topics):
            chosen.append(problem)
            topics.update(problem.topics)
    chosen += [p for p in ranked if p not in chosen][: request.count - len(chosen)]
    left = STARTER_BELOW - attempted
    results = []
    for rank, problem in enumerate(chosen):
        tried = calibration[problem.id].learners if problem.id in calibration else 0
        popular = f"tried by {tried} learner{'s' if tried != 1 else ''}" if tried else "a short first problem"
        chance = predicted_success(profile, problem, calibration.get(problem.id))
        reason = (
            f"Starter path: a popular {problem.difficulty} problem in {problem.topics[0].replace('_', ' ')} "
            f"({popular}). Recommendations become personal after {STARTER_BELOW} attempted problems; "
            f"{left} more to go."
        )
        results.append(Recommendation(problem, round(0.9 - 0.05 * rank, 2), reason, (), round(chance, 2)))
    return results
