"""escalate_for_insight and conclude_session: the tutor's own tools (spec 001).

Both act on the tutoring session the call came from, ``context.tutor`` (a ``TutorSeat``): the
model's tutor or the offline coach. A call with no session (the command line, the MCP server)
gets the spec's error. The deep model costs money, so its calls are counted per learner and day
in the learner's escalations and stop at ``settings.llm_deep_daily_calls``.
"""

from __future__ import annotations

import logging
from datetime import datetime, time
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

from ..domain.vocabulary import ErrorCode
from ..storage.conversations import Conversations
from ..storage.learner_history import BadHistoryEntry, LearnerHistory
from .context import ToolContext
from .errors import ToolFailure
from .registry import AnyTool, Bucket, Tool
from .schemas import ConcludeSession, EscalateForInsight
from .seat import TutorSeat, TutorSeatError
from .workbench import Workbench

if TYPE_CHECKING:
    from .results import Concluded, Escalated

log = logging.getLogger(__name__)

# The spec's user-facing messages (001, "Error Code Reference"); ``reason`` says why for the log and the model.
ESCALATION_FAILED_MESSAGE = (
    "I'm sorry, I'm having a little trouble thinking of a new angle. Could you try asking me about that in a "
    "different way?"
)
SUMMARY_FAILED_MESSAGE = "It seems I had trouble putting my notes together. Let's just call it a successful session!"
INVALID_SESSION_MESSAGE = "We're just getting started! What's the first thing on your mind?"
TOPIC_KEPT_CHARS = 40  # the escalations table keeps a topic this long


def deep_calls_today(history: LearnerHistory, learner: str, now: datetime | None = None) -> int:
    """How many escalations the learner had since midnight (local time): the budget's count."""
    midnight = datetime.combine((now or datetime.now()).date(), time())
    return sum(1 for escalation in history.escalations(learner) if escalation.escalated_at >= midnight)


def escalation_bucket(_args: object, _services: Workbench) -> Bucket:
    """A model's escalations are rate limited (the hourly ``escalation`` limit) besides the daily budget."""
    return Bucket("escalation")


def escalate_for_insight(args: EscalateForInsight, context: ToolContext, services: Workbench) -> Escalated:
    seat = context.tutor
    if seat is None:
        raise _escalation_failed("there is no tutoring session to escalate: ask the tutor in the chat")
    history = LearnerHistory(services.database)
    budget = services.settings.llm_deep_daily_calls
    if deep_calls_today(history, context.learner) >= budget:
        raise _escalation_failed(
            f"the deeper model's daily budget ({budget} calls, setting llm_deep_daily_calls) is spent for today"
        )
    try:
        model, question = seat.ask_deeper(args.reason, args.topic)
    except TutorSeatError as exc:
        raise _escalation_failed(str(exc)) from None
    if not question.strip():
        raise _escalation_failed(f"{model} answered with no question")
    topic = args.topic[:TOPIC_KEPT_CHARS] if args.topic else None
    history.record_escalation(context.learner, args.reason, problem_id=_problem_of(seat), topic=topic)
    return {"status": "success", "data": {"new_question": question.strip()}, "model": model}


def conclude_session(args: ConcludeSession, context: ToolContext, services: Workbench) -> Concluded:
    seat = context.tutor
    if seat is None:
        raise ToolFailure(
            ErrorCode.INVALID_SESSION_STATE,
            INVALID_SESSION_MESSAGE,
            reason="there is no tutoring session to conclude: talk to the tutor first",
        )
    conversations = Conversations(services.database)
    stored = conversations.session(seat.session_id)
    if stored is not None and stored.concluded:
        raise ToolFailure(
            ErrorCode.INVALID_SESSION_STATE, INVALID_SESSION_MESSAGE, reason="this session has already ended"
        )
    if stored is not None and not any(m.get("role") == "user" for m in conversations.messages(seat.session_id)):
        raise ToolFailure(
            ErrorCode.INVALID_SESSION_STATE, INVALID_SESSION_MESSAGE, reason="the learner has not said anything yet"
        )
    final = args.final_insight.strip()
    try:
        flagged = [text.strip() for text in seat.flagged_insights() if text.strip()]
    except TutorSeatError as exc:
        raise ToolFailure(ErrorCode.SUMMARY_FAILED, SUMMARY_FAILED_MESSAGE, reason=str(exc)) from None
    insights = list(dict.fromkeys([*flagged, final]))  # in order, each once, the final one last
    title = args.summary_title.strip()
    if services.settings.tutor_keep_insights:
        summary = {"session_id": seat.session_id, "summary_title": title, "key_insights": insights}
        try:
            LearnerHistory(services.database).record_insight(context.learner, summary)
        except (BadHistoryEntry, SQLAlchemyError) as exc:
            log.warning("the session's insights were not kept: %s", exc)
            raise ToolFailure(
                ErrorCode.SUMMARY_FAILED, SUMMARY_FAILED_MESSAGE, reason="the insights could not be kept"
            ) from None
    if stored is not None:
        conversations.conclude(seat.session_id, title, insights)
    return {"status": "success", "data": {"session_ended": True, "summary_title": title, "key_insights": insights}}


def _escalation_failed(reason: str) -> ToolFailure:
    return ToolFailure(ErrorCode.ESCALATION_FAILED, ESCALATION_FAILED_MESSAGE, reason=reason)


def _problem_of(seat: TutorSeat) -> str | None:
    """The problem the session is about, when the seat knows it: the profile weighs escalations by it."""
    problem = getattr(seat, "problem_id", None)
    return problem if isinstance(problem, str) and problem else None


TOOLS: list[AnyTool] = [
    Tool(EscalateForInsight, escalate_for_insight, escalation_bucket),
    Tool(ConcludeSession, conclude_session),
]
