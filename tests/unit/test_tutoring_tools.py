"""escalate_for_insight and conclude_session through the registry: the spec's bounds, result shapes
and error codes, the deep model's daily budget, and the insights kept in the learner's profile."""

from datetime import datetime, timedelta

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.seat import TutorSeatError
from codementor_desktop.tools.tutoring import (
    ESCALATION_FAILED_MESSAGE,
    INVALID_SESSION_MESSAGE,
    SUMMARY_FAILED_MESSAGE,
)

REASON = "The learner is stuck on the loop's last index."
FINAL = "The loop must stop one before the end of the list."


class Seat:
    """A tutoring session as the tools see it: what a tutor answers when asked deeper."""

    def __init__(self, question="What happens to i on the last pass?", fails=None, insights=()):
        self.session_id = "s1"
        self.problem_id = "two-sum"
        self.question = question
        self.fails = fails
        self.insights = list(insights)
        self.asked: list[tuple[str, str | None]] = []

    def ask_deeper(self, reason, topic):
        self.asked.append((reason, topic))
        if self.fails:
            raise TutorSeatError(self.fails)
        return "deep-model", self.question

    def flagged_insights(self):
        if self.fails:
            raise TutorSeatError(self.fails)
        return list(self.insights)


def call(services, name, arguments, seat=None, caller=Caller.MODEL):
    return services.registry.call(name, arguments, ToolContext(caller=caller, learner="ada", tutor=seat))


def test_escalation_returns_the_deeper_question_and_is_recorded(services):
    seat = Seat()
    result = call(services, "escalate_for_insight", {"reason": REASON, "topic": "off by one " * 6}, seat)
    assert result["status"] == "success"
    assert result["data"] == {"new_question": "What happens to i on the last pass?"}
    assert result["model"] == "deep-model"
    assert seat.asked == [(REASON, "off by one " * 6)]
    [kept] = services.history.escalations("ada")
    assert (kept.reason, kept.problem_id) == (REASON, "two-sum")
    assert kept.topic == ("off by one " * 6)[:40]


@pytest.mark.parametrize("reason", ["too short", "x" * 151])
def test_escalation_reason_is_10_to_150_characters(services, reason):
    result = call(services, "escalate_for_insight", {"reason": reason}, Seat())
    assert result["error_code"] == "INVALID_ARGUMENTS"
    assert [f["field"] for f in result["field_errors"]] == ["reason"]


def test_escalation_without_a_session_or_with_a_failing_tutor_is_escalation_failed(services):
    alone = call(services, "escalate_for_insight", {"reason": REASON}, None, Caller.CLI)
    assert alone["error_code"] == "ESCALATION_FAILED" and alone["error_message"] == ESCALATION_FAILED_MESSAGE
    assert "no tutoring session" in alone["reason"]
    failing = call(services, "escalate_for_insight", {"reason": REASON}, Seat(fails="the deep model timed out"))
    assert failing["error_code"] == "ESCALATION_FAILED" and failing["reason"] == "the deep model timed out"
    empty = call(services, "escalate_for_insight", {"reason": REASON}, Seat(question="  "))
    assert empty["error_code"] == "ESCALATION_FAILED"
    assert services.history.escalations("ada") == []  # nothing answered, nothing counted


def test_the_deep_models_daily_budget_stops_escalations_until_tomorrow(services):
    services.settings.llm_deep_daily_calls = 2
    services.history.record_escalation("ada", "yesterday's question", at=datetime.now() - timedelta(days=1))
    seat = Seat()
    for _ in range(2):
        assert call(services, "escalate_for_insight", {"reason": REASON}, seat)["status"] == "success"
    spent = call(services, "escalate_for_insight", {"reason": REASON}, seat)
    assert spent["error_code"] == "ESCALATION_FAILED" and "daily budget (2 calls" in spent["reason"]
    assert len(seat.asked) == 2  # the deep model was not asked a third time
    grace = ToolContext(caller=Caller.MODEL, learner="grace", tutor=seat)
    assert services.registry.call("escalate_for_insight", {"reason": REASON}, grace)["status"] == "success"


def test_a_budget_of_zero_means_never(services):
    services.settings.llm_deep_daily_calls = 0
    assert call(services, "escalate_for_insight", {"reason": REASON}, Seat())["error_code"] == "ESCALATION_FAILED"


def test_conclusion_gathers_flagged_insights_and_the_final_one_and_keeps_them(services):
    seat = Seat(insights=["An empty list has no pair.", "  ", FINAL])
    result = call(services, "conclude_session", {"summary_title": "Off by one", "final_insight": FINAL}, seat)
    assert result == {
        "status": "success",
        "data": {
            "session_ended": True,
            "summary_title": "Off by one",
            "key_insights": ["An empty list has no pair.", FINAL],
        },
    }
    [kept] = services.history.insights("ada")
    assert kept.summary == {
        "session_id": "s1",
        "summary_title": "Off by one",
        "key_insights": result["data"]["key_insights"],
    }


def test_a_setting_keeps_insights_out_of_the_profile(services):
    services.settings.tutor_keep_insights = False
    result = call(services, "conclude_session", {"summary_title": "Off by one", "final_insight": FINAL}, Seat())
    assert result["data"]["key_insights"] == [FINAL]
    assert services.history.insights("ada") == []


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"summary_title": "Tiny", "final_insight": FINAL}, "summary_title"),
        ({"summary_title": "t" * 101, "final_insight": FINAL}, "summary_title"),
        ({"summary_title": "Off by one", "final_insight": "too short"}, "final_insight"),
        ({"summary_title": "Off by one", "final_insight": "x" * 201}, "final_insight"),
        ({"summary_title": "Off by one"}, "final_insight"),
    ],
)
def test_conclusion_bounds(services, arguments, field):
    result = call(services, "conclude_session", arguments, Seat())
    assert result["error_code"] == "INVALID_ARGUMENTS"
    assert field in [f["field"] for f in result["field_errors"]]


def test_concluding_without_a_session_is_invalid_state_and_a_failing_tutor_is_summary_failed(services):
    alone = call(services, "conclude_session", {"summary_title": "Off by one", "final_insight": FINAL}, None)
    assert alone["error_code"] == "INVALID_SESSION_STATE" and alone["error_message"] == INVALID_SESSION_MESSAGE
    failing = call(
        services, "conclude_session", {"summary_title": "Off by one", "final_insight": FINAL}, Seat(fails="lost notes")
    )
    assert failing["error_code"] == "SUMMARY_FAILED" and failing["error_message"] == SUMMARY_FAILED_MESSAGE
    assert services.history.insights("ada") == []


def test_both_tools_are_in_the_models_tool_list(services):
    names = [tool["function"]["name"] for tool in services.registry.openai_tools()]
    assert {"escalate_for_insight", "conclude_session"} <= set(names)


def test_a_stored_session_is_concluded_once_and_only_after_the_learner_spoke(services):
    seat = Seat()
    seat.session_id = services.conversations.start("ada", "two-sum", "test tutor")
    arguments = {"summary_title": "Off by one", "final_insight": FINAL}
    early = call(services, "conclude_session", arguments, seat)
    assert early["error_code"] == "INVALID_SESSION_STATE" and "not said anything" in early["reason"]
    services.conversations.append(seat.session_id, {"role": "user", "content": "I get it now"})
    assert call(services, "conclude_session", arguments, seat)["status"] == "success"
    ended = services.conversations.session(seat.session_id)
    assert ended is not None and ended.title == "Off by one" and ended.insights == (FINAL,)
    again = call(services, "conclude_session", arguments, seat)
    assert again["error_code"] == "INVALID_SESSION_STATE" and "already ended" in again["reason"]
    assert len(services.history.insights("ada")) == 1
