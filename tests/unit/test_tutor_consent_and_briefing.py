"""Which endpoints are a cloud (and need the learner's yes), and what a turn's message carries."""

from __future__ import annotations

import pytest

from codementor_desktop.tutor.briefing import FLAGGED, insights_in, transcript, user_message
from codementor_desktop.tutor.consent import endpoint_of, is_cloud
from codementor_desktop.tutor.turns import Intent, TurnContext


def no_dns(host: str) -> list[str]:
    raise AssertionError(f"{host} needs no lookup")


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:11434/v1", "http://127.0.0.1:8080/v1", "http://[::1]:1234/v1", "http://10.1.2.3:8080/v1",
        "http://192.168.0.20:11434/v1", "http://172.16.5.4/v1", "http://169.254.1.1/v1", "http://[fd00::5]/v1",
    ],
)  # fmt: skip
def test_loopback_and_private_hosts_are_not_a_cloud(url):
    assert not is_cloud(url, no_dns)


@pytest.mark.parametrize("url", ["https://8.8.8.8/v1", "https://[2001:4860:4860::8888]/v1"])
def test_public_addresses_are_a_cloud(url):
    assert is_cloud(url, no_dns)


def test_names_are_resolved_and_one_that_does_not_resolve_counts_as_a_cloud():
    lab = {"gpu.lab": ["10.0.0.7"], "api.example.com": ["10.0.0.8", "93.184.216.34"], "nowhere.invalid": []}
    assert not is_cloud("http://gpu.lab:8080/v1", lab.__getitem__)
    assert is_cloud("https://api.example.com/v1", lab.__getitem__)  # any public address is enough
    assert is_cloud("https://nowhere.invalid/v1", lab.__getitem__)


def test_an_endpoint_is_named_by_scheme_host_and_port():
    assert endpoint_of("HTTPS://API.OpenAI.com/v1/") == "https://api.openai.com"
    assert endpoint_of("http://gpu.lab:8080/v1") == "http://gpu.lab:8080"


def test_a_turns_message_carries_the_problem_the_code_and_the_buttons_ask():
    context = TurnContext(problem_id="two-sum", code="def f():\n    pass\n", language="python")
    said = user_message("why?", context, Intent.SAY)
    assert said.startswith("why?") and 'problem "two-sum", in python' in said and "```python\ndef f():" in said
    stuck = user_message("", context, Intent.STUCK)
    assert stuck.startswith("I'm stuck.") and "escalate_for_insight" in stuck
    assert "hint_level 3" in user_message("", context, Intent.HINT, hint_level=3)
    assert "generate_hint" not in user_message("", context, Intent.HINT, can_hint=False)
    assert "get_personalized_recommendation" in user_message("", context, Intent.WHAT_NEXT)
    assert "conclude_session" in user_message("I see", context, Intent.GOT_IT)
    assert "scratch buffer" in user_message("hi", TurnContext(), Intent.SAY)
    long = user_message("hi", TurnContext(code="x = 1\n" * 5000), Intent.SAY)
    assert "more characters" in long and len(long) < 21_000


def test_insights_are_the_tutors_insight_lines_and_the_learners_flags_each_once():
    messages = [
        {"role": "system", "content": "Insight: not this one"},
        {"role": "user", "content": "Insight: nor the learner's plain words"},
        {"role": "assistant", "content": "Good.\n**Insight:** the base case stops it.\nNext?"},
        {"role": "user", "content": FLAGGED + "Smaller dolls inside."},
        {"role": "assistant", "content": "insight: the base case stops it."},
        {"role": "assistant", "content": None, "tool_calls": []},
    ]
    assert insights_in(messages) == ["the base case stops it.", "Smaller dolls inside."]


def test_the_deeper_models_transcript_names_each_tools_result():
    messages = [
        {"role": "system", "content": "secret prompt"},
        {"role": "user", "content": "why?"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "execute_code", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": '{"verdict": "WA"}'},
    ]  # fmt: skip
    text = transcript(messages)
    assert "secret prompt" not in text and "Learner: why?" in text
    assert 'execute_code answered: {"verdict": "WA"}' in text
