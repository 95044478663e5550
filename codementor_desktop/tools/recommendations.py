"""get_personalized_recommendation, get_user_progress and flag_recommendation: thin adapters onto
the profile (``profile/``), the learner's evidence and the recommendation flags.

Recommendations are cached for 5 minutes per learner and arguments; the cache key carries a stamp
of the learner's runs and flags, so a new attempt or a flag makes the next call compute afresh.
Only the learner's own evidence and the aggregate view of everyone's outcomes are read.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from ..domain.collector import collector_paused
from ..domain.vocabulary import ErrorCode
from ..profile.attempts import AttemptSummary, summarize
from ..profile.mastery import build_profile
from ..profile.problems import Calibration, ProblemFacts
from ..profile.progress import progress_report, readiness, streak_of
from ..profile.recommender import Flag, Request, recommend
from ..profile.weights import Weights
from ..storage.evidence import learner_evidence
from ..storage.interviews import Interviews
from ..storage.plans import Plans
from ..storage.recommendations import BadFlag, RecommendationFlags, activity_stamp, problem_outcomes
from .context import ToolContext
from .errors import ToolFailure, unknown_problem
from .registry import AnyTool, Bucket, Tool
from .schemas import FlagRecommendation, GetPersonalizedRecommendation, GetUserProgress
from .workbench import Workbench

if TYPE_CHECKING:
    from .results import Acknowledged, InterviewsProgress, Progress, Recommendations

TREND_INTERVIEWS = 30  # the profile's chart of interviews shows the last 30
CACHE_SECONDS = 300.0
CACHE_ITEMS = 64
_facts_by_bank: dict[int, tuple[Any, dict[str, ProblemFacts]]] = {}  # by the bank's id, the bank kept
_caches: dict[int, OrderedDict[tuple, tuple[float, tuple, dict]]] = {}
_lock = threading.Lock()
# Each learner's attempts as summed at the last call, extended by the next (10,000 attempts).
_summaries: dict[tuple[int, str], AttemptSummary] = {}
WEIGHTS = Weights()
_calibrations: dict[int, tuple[float, dict[str, Calibration]]] = {}


def problem_facts(services: Workbench) -> dict[str, ProblemFacts]:
    """The bank's problems as the profile sees them (made once per bank)."""
    bank = services.bank
    with _lock:
        known = _facts_by_bank.get(id(bank))
        facts = known[1] if known is not None and known[0] is bank else None
        if facts is None:
            facts = {
                p.id: ProblemFacts(
                    p.id,
                    p.title,
                    p.difficulty.value,
                    tuple(t.value for t in p.topics),
                    tuple(p.patterns),
                    p.estimated_minutes,
                )  # fmt: skip
                for p in bank.problems.values()
            }
            _facts_by_bank[id(bank)] = (bank, facts)
    return facts


def mastery_now(services: Workbench, learner: str) -> dict[str, dict[str, int]]:
    """The learner's mastery per pattern and per topic as it stands (to tell whether it changed)."""
    profile = build_profile(learner_evidence(services.database, learner), problem_facts(services), datetime.now())
    return {"patterns": profile.mastery("patterns"), "topics": profile.mastery("topics")}


def recommendation_bucket(_args: object, _services: Workbench) -> Bucket:
    return Bucket("recommendation")


def get_personalized_recommendation(
    args: GetPersonalizedRecommendation, context: ToolContext, services: Workbench
) -> Recommendations:
    request = Request(
        args.num_recommendations, args.difficulty_preference, tuple(args.topic_filter or ()), args.exclude_recent
    )
    key = (context.learner, request)
    stamp = activity_stamp(services.database, context.learner)
    cache = _caches.setdefault(id(services.database), OrderedDict())
    with _lock:
        hit = cache.get(key)
        if hit is not None and hit[1] == stamp and time.monotonic() - hit[0] < CACHE_SECONDS:
            return cast("Recommendations", {**hit[2], "cached": True})
    with collector_paused():
        result = _recommend(request, context.learner, services)
    with _lock:
        cache[key] = (time.monotonic(), stamp, result)
        cache.move_to_end(key)
        while len(cache) > CACHE_ITEMS:
            cache.popitem(last=False)
    return cast("Recommendations", {**result, "cached": False})


def _recommend(request: Request, learner: str, services: Workbench) -> dict[str, Any]:
    now = datetime.now()
    facts = problem_facts(services)
    evidence = learner_evidence(services.database, learner)
    key = (id(services.database), learner)
    summary = summarize(evidence.attempts, facts, WEIGHTS, _summaries.get(key))
    _summaries[key] = summary
    profile = build_profile(evidence, facts, now, WEIGHTS, summary)
    calibration = _calibration(services)
    flags = [Flag(f.problem_id, f.kind, f.at) for f in RecommendationFlags(services.database).of(learner)]
    chosen, starter = recommend(profile, evidence, facts, calibration, flags, request, now, summary)
    ranked = sorted(profile.patterns.items(), key=lambda item: item[1].mastery)
    with_evidence = [(name, skill) for name, skill in ranked if skill.evidence > 0] or ranked
    return {
        "recommendations": [
            {
                "problem_id": r.problem.id,
                "title": r.problem.title,
                "difficulty": r.problem.difficulty,
                "topics": list(r.problem.topics),
                "estimated_minutes": r.problem.estimated_minutes,
                "estimated_time_minutes": r.problem.estimated_minutes,  # the spec's example calls it so
                "relevance_score": r.relevance,
                "reason": r.reason,
                "targeted_weaknesses": list(r.targeted),
                "success_rate": r.success_rate,
            }
            for r in chosen
        ],
        "weakness_summary": {
            "top_weaknesses": [
                {"pattern": name, "mastery_score": round(skill.mastery)} for name, skill in with_evidence[:3]
            ],
            "overall_readiness_score": readiness(profile),
            "problems_solved": len(summary.solved),
            "consistency_streak": streak_of(summary.days, now.date()),
        },
        "starter_path": starter,
    }


def interview_candidates(
    services: Workbench, learner: str, difficulty: str, topics: tuple[str, ...]
) -> tuple[list[dict[str, Any]], frozenset[str]]:
    """The problems the recommender would give a mock interview (most relevant first, recent ones
    included) and the problems the learner has solved."""
    with collector_paused():
        result = _recommend(Request(10, difficulty, topics, False), learner, services)
    summary = _summaries.get((id(services.database), learner))
    return result["recommendations"], frozenset(summary.solved if summary is not None else ())


def _calibration(services: Workbench) -> dict[str, Calibration]:
    """Everyone's outcomes per problem, read again at most every 5 minutes: the aggregate over a
    class's runs changes slowly, and reading it costs more than the rest of a recommendation."""
    key = id(services.database)
    with _lock:
        known = _calibrations.get(key)
    if known is not None and time.monotonic() - known[0] < CACHE_SECONDS:
        return known[1]
    calibration = {
        problem_id: Calibration(outcome.learners, outcome.success_rate)
        for problem_id, outcome in problem_outcomes(services.database).items()
    }
    with _lock:
        _calibrations[key] = (time.monotonic(), calibration)
    return calibration


def refresh_calibration() -> None:
    """Read everyone's outcomes again at the next recommendation (not waiting for 5 minutes)."""
    with _lock:
        _calibrations.clear()


def get_user_progress(args: GetUserProgress, context: ToolContext, services: Workbench) -> Progress:
    evidence = learner_evidence(services.database, context.learner)
    report = progress_report(evidence, problem_facts(services), datetime.now())
    report["plans"] = plans_progress(services, context.learner)
    interviews = interviews_progress(services, context.learner)
    return cast("Progress", {"status": "ok", "user_id": context.learner, **report, "interviews": interviews})


def interviews_progress(services: Workbench, learner: str) -> InterviewsProgress:
    """The learner's mock interviews as ``get_user_progress`` gives them."""
    store = Interviews(services.database)
    totals = store.totals(learner)
    facts = problem_facts(services)
    last = [
        {
            "interview_id": i.interview_id,
            "problem_id": i.problem_id,
            "title": facts[i.problem_id].title if i.problem_id in facts else i.problem_id,
            "verdict": i.last_verdict,
            "solved": i.solved,
            "minutes": round((i.seconds_used or 0.0) / 60, 1),
            "limit_minutes": round(i.time_limit_s / 60),
            "ended_at": i.ended_at.isoformat(timespec="seconds") if i.ended_at else None,
        }
        for i in totals.last
    ]
    return {
        "count": totals.count,
        "finished": totals.finished,
        "solved": totals.solved,
        "median_time_ratio": totals.median_time_ratio,
        "last": last,
        "trend": [
            {"problem_id": i.problem_id, "solved": i.solved, "time_ratio": round(i.time_ratio or 0.0, 3)}
            for i in store.trend(learner)[-TREND_INTERVIEWS:]
        ],
    }


def plans_progress(services: Workbench, learner: str) -> dict[str, Any]:
    """The learner's planning (``Plans.totals``) and, per problem, the latest ``/debug`` outcome."""
    plans = Plans(services.database)
    latest: dict[str, dict[str, Any]] = {}
    for check in plans.checks(learner):
        latest[check.problem_id] = {
            "language": check.language,
            "outcome": check.report.get("outcome"),
            "held": check.held,
            "broken": check.broken,
            "checked_at": check.checked_at.isoformat(timespec="seconds") if check.checked_at else None,
        }
    return {**asdict(plans.totals(learner)), "latest": latest}


def flag_recommendation(args: FlagRecommendation, context: ToolContext, services: Workbench) -> Acknowledged:
    if args.problem_id not in problem_facts(services):
        raise unknown_problem(args.problem_id, problem_facts(services), "; flag a problem that was recommended")
    try:
        RecommendationFlags(services.database).add(context.learner, args.problem_id, args.kind)
    except BadFlag as exc:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS, str(exc), field_errors=[{"field": "kind", "message": str(exc)}]
        ) from None
    return {"status": "ok"}


TOOLS: list[AnyTool] = [
    Tool(GetPersonalizedRecommendation, get_personalized_recommendation, recommendation_bucket),
    Tool(GetUserProgress, get_user_progress),
    Tool(FlagRecommendation, flag_recommendation),
]
