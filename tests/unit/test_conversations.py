"""The tutor's stored conversations, on SQLite and PostgreSQL: messages come back in order and whole
(tool calls, tool results and the cards' events), usage adds up per model, a session is found again
after the app is reopened, and a concluded session says how it ended."""

from __future__ import annotations

import pytest

from codementor_desktop.storage.conversations import BadMessage, Conversations, UnknownSession

CALL = {
    "role": "assistant",
    "content": None,
    "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "execute_code", "arguments": "{}"}}],
}
RESULT = {"role": "tool", "tool_call_id": "call_1", "content": '{"status": "completed"}', "event": {"card": "run"}}


def test_messages_come_back_in_order_and_whole_after_reopening(backend):
    database = backend.open()
    conversations = Conversations(database)
    session = conversations.start("ada", "two-sum", "llama3.2 at localhost")
    said = [{"role": "system", "content": "Socratic"}, {"role": "user", "content": "é, why?"}, CALL, RESULT]
    assert [conversations.append(session, m) for m in said] == [0, 1, 2, 3]
    database.close()

    reopened = Conversations(backend.open())
    assert reopened.latest("ada", "two-sum") == session
    assert reopened.messages(session) == said
    kept = reopened.session(session)
    assert kept is not None and (kept.learner, kept.problem_id, kept.tutor_label) == (
        "ada", "two-sum", "llama3.2 at localhost",
    )  # fmt: skip
    assert backend.sql("SELECT role FROM tutor_messages ORDER BY position") == [
        ("system",), ("user",), ("assistant",), ("tool",),
    ]  # fmt: skip


def test_usage_adds_up_per_model(database):
    conversations = Conversations(database)
    session = conversations.start("ada", None, "Offline coach")
    conversations.record_usage(session, "fast", 100, 20)
    conversations.record_usage(session, "fast", 50, 5)
    conversations.record_usage(session, "deep", 900, 80)
    assert conversations.usage(session) == {"fast": (150, 25), "deep": (900, 80)}
    assert conversations.usage(conversations.start("ada", None, "x")) == {}


def test_latest_is_the_newest_open_session_of_that_learner_and_problem(database):
    conversations = Conversations(database)
    first = conversations.start("ada", "two-sum", "coach")
    second = conversations.start("ada", "two-sum", "coach")
    conversations.start("grace", "two-sum", "coach")
    scratch = conversations.start("ada", None, "coach")
    assert conversations.latest("ada", "two-sum") == second
    assert conversations.latest("ada", None) == scratch
    assert conversations.latest("ada", "valid-parentheses") is None
    assert not conversations.is_concluded(second)
    conversations.conclude(second, "Two sum", ["A map remembers.", "Look before you add."])
    assert conversations.is_concluded(second)
    assert conversations.latest("ada", "two-sum") == first
    assert conversations.latest("ada", "two-sum", open_only=False) == second
    ended = conversations.session(second)
    assert ended is not None and ended.title == "Two sum"
    assert ended.insights == ("A map remembers.", "Look before you add.")


def test_bad_messages_and_unknown_sessions_are_refused_and_nothing_is_kept(database):
    conversations = Conversations(database)
    session = conversations.start("ada", "two-sum", "coach")
    with pytest.raises(BadMessage, match="role"):
        conversations.append(session, {"role": "narrator", "content": "hi"})
    with pytest.raises(BadMessage, match="JSON"):
        conversations.append(session, {"role": "user", "content": object()})
    with pytest.raises(UnknownSession):
        conversations.append("ses_nothere", {"role": "user", "content": "hi"})
    with pytest.raises(UnknownSession):
        conversations.record_usage("ses_nothere", "fast", 1, 1)
    with pytest.raises(UnknownSession):
        conversations.is_concluded("ses_nothere")
    assert conversations.messages(session) == [] and conversations.session("ses_nothere") is None


def test_services_carry_the_conversations(services):
    session = services.conversations.start("ada", "two-sum", "coach")
    services.conversations.append(session, {"role": "user", "content": "hello"})
    assert services.conversations.messages(session) == [{"role": "user", "content": "hello"}]
