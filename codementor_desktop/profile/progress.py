"""The learner's progress as the dashboard and ``get_user_progress`` show it: readiness, problems
solved, the streak of practice days, history by topic and difficulty, and the trend over time.

Dates are the learner's local dates: attempts are kept in the machine's local time.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from typing import Any

from ..domain.learner_evidence import LearnerEvidence
from ..domain.vocabulary import Verdict
from .mastery import TOPICS, Profile, build_profile
from .problems import ProblemFacts

DIFFICULTIES = ("easy", "medium", "hard")
TREND_DAYS = 30  # the latest active days the trend shows


def readiness(profile: Profile) -> int:
    """0-100: the topics' mastery, each counted only as far as its evidence makes it certain, so
    that a topic never practised adds nothing rather than a neutral 50."""
    values = [skill.mastery * (1.0 - skill.uncertainty) for skill in profile.topics.values()]
    return round(sum(values) / len(values))


def solved_problems(evidence: LearnerEvidence) -> set[str]:
    return {a.problem_id for a in evidence.attempts if a.submitted and a.verdict == Verdict.AC}


def solved_by_difficulty(evidence: LearnerEvidence, problems: Mapping[str, ProblemFacts]) -> dict[str, int]:
    counts = dict.fromkeys(DIFFICULTIES, 0)
    for problem_id in solved_problems(evidence):
        facts = problems.get(problem_id)
        if facts is not None and facts.difficulty in counts:
            counts[facts.difficulty] += 1
    return counts


def consistency_streak(evidence: LearnerEvidence, today: date) -> int:
    """Days in a row with at least one attempt, ending today (or yesterday: today is not over)."""
    return streak_of({a.at.date() for a in evidence.attempts}, today)


def streak_of(days: set[date], today: date) -> int:
    day = today if today in days else today - timedelta(days=1)
    streak = 0
    while day in days:
        streak += 1
        day -= timedelta(days=1)
    return streak


def history(evidence: LearnerEvidence, problems: Mapping[str, ProblemFacts]) -> dict[str, Any]:
    """Judged attempts and problems solved, by topic and by difficulty."""
    solved = solved_problems(evidence)
    by_topic = {t: {"attempts": 0, "solved": 0} for t in TOPICS}
    by_difficulty = {d: {"attempts": 0, "solved": 0} for d in DIFFICULTIES}
    for attempt in evidence.attempts:
        facts = problems.get(attempt.problem_id)
        if facts is None:
            continue
        for topic in facts.topics:
            by_topic[topic]["attempts"] += 1
        by_difficulty[facts.difficulty]["attempts"] += 1
    for problem_id in solved:
        facts = problems.get(problem_id)
        if facts is None:
            continue
        for topic in facts.topics:
            by_topic[topic]["solved"] += 1
        by_difficulty[facts.difficulty]["solved"] += 1
    return {"by_topic": by_topic, "by_difficulty": by_difficulty}


def trend(evidence: LearnerEvidence, problems: Mapping[str, ProblemFacts]) -> list[dict[str, Any]]:
    """The profile at the end of each of the latest active days, oldest first."""
    days = sorted({a.at.date() for a in evidence.attempts} | {p.at.date() for p in evidence.patterns})
    points = []
    for day in days[-TREND_DAYS:]:
        end = datetime.combine(day, time.max)
        profile = build_profile(evidence.until(end), problems, end)
        points.append(
            {
                "date": day.isoformat(),
                "readiness": readiness(profile),
                "patterns": profile.mastery("patterns"),
                "topics": profile.mastery("topics"),
            }
        )
    return points


def progress_report(evidence: LearnerEvidence, problems: Mapping[str, ProblemFacts], now: datetime) -> dict[str, Any]:
    """Everything ``get_user_progress`` answers except the status and the learner's id."""
    profile = build_profile(evidence, problems, now)
    return {
        "overall_readiness_score": readiness(profile),
        "problems_solved": len(solved_problems(evidence)),
        "solved_by_difficulty": solved_by_difficulty(evidence, problems),
        "consistency_streak": consistency_streak(evidence, now.date()),
        "mastery": {"patterns": profile.mastery("patterns"), "topics": profile.mastery("topics")},
        "uncertainty": {"patterns": profile.uncertainty("patterns"), "topics": profile.uncertainty("topics")},
        "history": history(evidence, problems),
        "trend": trend(evidence, problems),
    }
