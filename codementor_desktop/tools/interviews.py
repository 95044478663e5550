"""schedule_mock_interview: book a timed mock interview on a problem the recommender picks.

The problem is of the difficulty (and topics) asked, one the learner has not solved while any is
left; its time limit is the problem's estimated minutes. ``at`` is when the window reminds the
learner (it must be in the future); without it the interview waits until the learner starts it.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from ..domain.vocabulary import ErrorCode
from ..profile.problems import ProblemFacts
from ..storage.interviews import Interview, Interviews
from .context import ToolContext
from .errors import ToolFailure
from .recommendations import interview_candidates, problem_facts
from .registry import AnyTool, Tool
from .schemas import ScheduleMockInterview
from .workbench import Workbench

if TYPE_CHECKING:
    from .results import InterviewScheduled

__all__ = ["Interview", "TOOLS", "pick_problem", "reminder_time", "schedule_mock_interview"]


def reminder_time(at: str | None, now: datetime | None = None) -> datetime | None:
    """``at`` as a local time without a zone (how the database keeps times), or a clear error when
    it is no time or not in the future."""
    if at is None:
        return None
    try:
        when = datetime.fromisoformat(at.strip())
    except ValueError:
        raise _bad_time(f"'{at}' is not a time: give an ISO 8601 time such as '2026-12-01T18:30'.") from None
    if when.tzinfo is not None:
        when = when.astimezone().replace(tzinfo=None)
    now = now or datetime.now()
    if when <= now:
        raise _bad_time(
            f"'{at}' is in the past (it is {now.isoformat(timespec='minutes')} now): a reminder must be in the future."
        )
    return when


def _bad_time(message: str) -> ToolFailure:
    return ToolFailure(ErrorCode.INVALID_ARGUMENTS, message, field_errors=[{"field": "at", "message": message}])


def pick_problem(
    services: Workbench, learner: str, difficulty: str, topics: tuple[str, ...]
) -> tuple[ProblemFacts, str]:
    """The problem of an interview and why: the recommender's first the learner has not solved,
    else the bank's first of that kind not solved, else one solved already (said so)."""
    facts = problem_facts(services)
    recommended, solved = interview_candidates(services, learner, difficulty, topics)
    ids = [r["problem_id"] for r in recommended if r["problem_id"] in facts]
    for problem_id in ids:
        if problem_id not in solved:
            reason = next(r["reason"] for r in recommended if r["problem_id"] == problem_id)
            return facts[problem_id], reason
    fitting = [
        p
        for p in facts.values()
        if (difficulty == "adaptive" or p.difficulty == difficulty) and (not topics or set(p.topics) & set(topics))
    ]
    unsolved = [p for p in fitting if p.id not in solved]
    if unsolved:
        return unsolved[0], "Not solved yet"
    if ids:
        return facts[ids[0]], "Every problem of this kind is solved: one to solve again under time"
    if fitting:
        return fitting[0], "Every problem of this kind is solved: one to solve again under time"
    wanted = difficulty + (f" problem on {', '.join(topics)}" if topics else " problem")
    raise ToolFailure(ErrorCode.NOT_FOUND, f"The bank has no {wanted}: choose other topics or another difficulty.")


def schedule_mock_interview(
    args: ScheduleMockInterview, context: ToolContext, services: Workbench
) -> InterviewScheduled:
    at = reminder_time(args.at)
    topics = tuple(args.topics or ())
    problem, reason = pick_problem(services, context.learner, args.difficulty, topics)
    booked = Interviews(services.database).schedule(
        context.learner,
        problem_id=problem.id,
        language=args.language,
        time_limit_s=problem.estimated_minutes * 60,
        difficulty=args.difficulty,
        topics=topics,
        at=at,
    )
    return {
        "status": "ok",
        "interview_id": booked.interview_id,
        "problem_id": problem.id,
        "title": problem.title,
        "difficulty": problem.difficulty,
        "topics": list(problem.topics),
        "language": args.language,
        "time_limit_minutes": problem.estimated_minutes,
        "scheduled_for": at.isoformat(timespec="minutes") if at is not None else None,
        "reason": reason,
    }


TOOLS: list[AnyTool] = [Tool(ScheduleMockInterview, schedule_mock_interview)]
