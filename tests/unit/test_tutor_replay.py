"""A stored conversation turned back into what the chat shows: the learner's own words, the cards,
the escalation and the conclusion, and the tutor's text through the solution filter again."""

from __future__ import annotations

import json

from codementor_desktop.tutor.events import Escalated, SessionConcluded, TextDelta, ToolFinished, ToolStarted
from codementor_desktop.tutor.guard import HELD, SolutionGuard
from codementor_desktop.tutor.replay import LearnerSaid, stored_events

REFERENCE = "def two_sum(nums, target):\n    seen = {}\n    for i, n in enumerate(nums):\n        if target - n in seen:\n            return [seen[target - n], i]\n        seen[n] = i\n"


def test_a_model_conversation_comes_back_as_its_events():
    messages = [
        {"role": "system", "content": "You are a tutor."},
        {"role": "user", "content": 'Why?\n\n[Where I am: problem "two-sum", in python. My code...]'},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "execute_code", "arguments": '{"code": "x"}'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"status": "success", "verdict": "WA"}),
         "event": {"tool": "execute_code", "summary": "WA: 2 of 3 tests passed",
                   "followed": {"escalated": {"model": "deep", "reason": "r", "question": "q?"}}}},
        {"role": "assistant", "content": "What does it return?"},
    ]  # fmt: skip
    shown = stored_events(messages)
    assert shown == [
        LearnerSaid("Why?"),
        ToolStarted("execute_code", {"code": "x"}, "c1"),
        ToolFinished("execute_code", {"status": "success", "verdict": "WA"}, "WA: 2 of 3 tests passed", "c1"),
        Escalated("deep", "r", "q?"),
        TextDelta("What does it return?"),
    ]


def test_the_coachs_way_of_keeping_a_conclusion_is_read_too():
    messages = [
        {"role": "user", "content": "I get it now.", "event": {"intent": "got_it"}},
        {"role": "assistant", "content": "Well done.",
         "event": {"followed": {"type": "SessionConcluded", "title": "Two Sum", "insights": ["a", "b"]}}},
    ]  # fmt: skip
    assert stored_events(messages)[-1] == SessionConcluded("Two Sum", ("a", "b"))


def test_a_solution_stored_as_the_model_wrote_it_is_not_shown_again():
    leaked = f"Here it is:\n\n```python\n{REFERENCE}```\n\nDoes that help?"
    (text,) = stored_events([{"role": "assistant", "content": leaked}], SolutionGuard([REFERENCE]))
    assert isinstance(text, TextDelta)
    assert "seen[target - n]" not in text.text and "Does that help?" in text.text


def test_a_card_or_an_escalation_holding_the_solution_is_not_shown_again_and_the_learners_own_code_is():
    renamed = REFERENCE.replace("seen", "index_of").replace("nums", "values").replace(" n", " x").replace("[n]", "[x]")
    mine = "def two_sum(nums, target):\n    return [0, 1]\n"
    arguments = json.dumps({"problem_id": "two-sum", "code": renamed})
    messages = [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "save_code_snapshot", "arguments": arguments}},
            {"id": "c2", "type": "function", "function": {"name": "execute_code", "arguments": json.dumps({"code": mine})}},
        ]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"status": "error", "error_code": "NOT_PERMITTED"}),
         "event": {"tool": "save_code_snapshot", "summary": "held back",
                   "followed": {"escalated": {"model": "deep", "reason": "r", "question": f"```\n{renamed}```"}}}},
    ]  # fmt: skip
    shown = stored_events(messages, SolutionGuard([REFERENCE], own=[mine]))
    snapshot, run = (e for e in shown if isinstance(e, ToolStarted))
    assert snapshot.arguments["code"] == HELD and run.arguments["code"] == mine
    [escalated] = [e for e in shown if isinstance(e, Escalated)]
    assert "index_of" not in escalated.question
    assert "index_of" in json.dumps([e.arguments for e in stored_events(messages) if isinstance(e, ToolStarted)])
