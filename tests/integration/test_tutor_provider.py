"""The provider through the real ``openai`` SDK against an OpenAI-compatible server on loopback."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from email.utils import formatdate

import pytest

from codementor_desktop.tutor.answer import MAX_ARGUMENTS
from codementor_desktop.tutor.cancellation import Cancellation
from codementor_desktop.tutor.errors import (
    BadAnswer,
    Cancelled,
    KeyRejected,
    ModelNotFound,
    Overloaded,
    ProviderError,
    ProviderTimeout,
    ServerDown,
    StreamInterrupted,
    ToolsUnsupported,
)
from codementor_desktop.tutor.provider import Provider, ProviderConfig
from tests.fakes.openai_server import Call, FakeOpenAI, Reply, calls, failure, text

TOOLS = [{"type": "function", "function": {"name": "execute_code", "parameters": {"type": "object"}}}]
KEY = "sk-test-0123456789abcdefSECRET"


def provider(server: FakeOpenAI, **options) -> Provider:
    # Generous limits: only a hang should reach them (a busy machine can pause a stream for
    # seconds); the tests about timeouts pass their own.
    options = {"backoff": 0.01, "first_token_timeout": 60.0, "total_timeout": 120.0, **options}
    return Provider(ProviderConfig(base_url=server.base_url, model="fast-model", **options))


def ask(server: FakeOpenAI, **options):
    pieces: list[str] = []
    done = provider(server, **options).complete([{"role": "user", "content": "hi"}], TOOLS, on_text=pieces.append)
    return done, pieces


def test_plain_text_streams_piece_by_piece():
    with FakeOpenAI(
        [text("Which ", "test ", "fails?", usage={"prompt_tokens": 321, "completion_tokens": 3})]
    ) as server:
        done, pieces = ask(server)
    assert pieces == ["Which ", "test ", "fails?"] and done.text == "Which test fails?"
    assert done.tool_calls == [] and done.finish_reason == "stop"
    assert done.usage == {"prompt_tokens": 321, "completion_tokens": 3}
    body = server.bodies()[0]
    assert body["stream"] is True and body["model"] == "fast-model" and body["tools"] == TOOLS
    assert "parallel_tool_calls" not in body  # not every server honours it: sent only when asked


def test_one_tool_call_in_fragments_keyed_by_index():
    arguments = {"code": "def f(x):\n    return x", "language": "python", "problem_id": "two-sum", "test_cases": []}
    with FakeOpenAI([calls(Call("execute_code", arguments, id="call_abc"))]) as server:
        done, _ = ask(server, parallel_tool_calls=False)
    assert len(done.tool_calls) == 1 and done.finish_reason == "tool_calls"
    call = done.tool_calls[0]
    assert (call.id, call.name) == ("call_abc", "execute_code") and json.loads(call.arguments) == arguments
    assert server.bodies()[0]["parallel_tool_calls"] is False


def test_whole_calls_in_one_chunk_each_at_index_zero_as_ollama_sends_them():
    script = [
        calls(Call("execute_code", {"a": 1}, id="c1"), Call("analyze_code_patterns", {"b": 2}, id="c2"), whole=True)
    ]
    with FakeOpenAI(script) as server:
        done, _ = ask(server)
    assert [(c.id, c.name, json.loads(c.arguments)) for c in done.tool_calls] == [
        ("c1", "execute_code", {"a": 1}),
        ("c2", "analyze_code_patterns", {"b": 2}),
    ]


def test_two_calls_in_one_turn_by_fragments_and_text_before_them():
    reply = calls(Call("execute_code", {"x": [1, 2, 3]}), Call("bp_trace", {"y": "long enough to split"}))
    reply.text = ["Let me run it."]
    with FakeOpenAI([reply]) as server:
        done, pieces = ask(server)
    assert pieces == ["Let me run it."]
    assert [json.loads(c.arguments) for c in done.tool_calls] == [{"x": [1, 2, 3]}, {"y": "long enough to split"}]
    assert len({c.id for c in done.tool_calls}) == 2


def test_malformed_arguments_arrive_as_the_raw_text():
    with FakeOpenAI([calls(Call("execute_code", '{"code": "x", '))]) as server:
        done, _ = ask(server)
    assert done.tool_calls[0].arguments == '{"code": "x", '


def test_429_then_success_is_retried_and_the_server_saw_both():
    with FakeOpenAI([failure(429, "slow down"), failure(429, "slow down"), text("ok")]) as server:
        done, _ = ask(server)
    assert done.text == "ok" and len(server.bodies()) == 3


def test_500_every_time_gives_up_after_the_bounded_retries():
    with FakeOpenAI([failure(500, "boom")] * 3) as server:
        with pytest.raises(Overloaded, match=r"failed \(500\) 3 times in a row: boom"):
            ask(server, retries=2)
    assert len(server.bodies()) == 3


def test_500_then_success():
    with FakeOpenAI([failure(500, "boom"), text("fine")]) as server:
        assert ask(server)[0].text == "fine"


@pytest.mark.parametrize("chunked", [False, True], ids=["close-delimited", "chunked"])
def test_a_stream_that_stops_mid_way_is_an_interruption_not_an_answer(chunked):
    with FakeOpenAI([text("The first ", "half", " and more", cut_after=3, chunked=chunked)]) as server:
        pieces: list[str] = []
        with pytest.raises(StreamInterrupted, match="stopped mid-way after 14 characters"):
            provider(server).complete([{"role": "user", "content": "hi"}], on_text=pieces.append)
    assert pieces == ["The first ", "half"]


def test_a_server_that_never_answers_times_out_on_the_first_token():
    with FakeOpenAI([Reply(hang=True)]) as server:
        started = time.monotonic()
        with pytest.raises(ProviderTimeout, match="did not answer within 0.3 s"):
            ask(server, first_token_timeout=0.3)
    assert time.monotonic() - started < 3


def test_a_silence_between_two_pieces_times_out_too():
    with FakeOpenAI([text("a", "b", "c", stall_after=2)]) as server:
        with pytest.raises(ProviderTimeout, match="did not answer within 0.3 s"):
            ask(server, first_token_timeout=0.3)


def test_the_total_time_bounds_a_stream_that_keeps_going_slowly():
    with FakeOpenAI([text("a", "b", "c", stall_after=2)]) as server:
        with pytest.raises(ProviderTimeout, match="longer than 0.4 s"):
            ask(server, total_timeout=0.4)
        assert server.disconnected.wait(2)


def test_a_model_without_tools_is_a_typed_error():
    message = "registry.ollama.ai/library/gemma:2b does not support tools"
    with FakeOpenAI([failure(400, message)]) as server:
        with pytest.raises(ToolsUnsupported, match="does not support tools") as caught:
            ask(server)
    assert caught.value.kind == "tools_unsupported" and len(server.bodies()) == 1  # a 400 is not retried


def test_cancel_closes_the_stream_for_real():
    cancellation = Cancellation()
    pieces: list[str] = []
    with FakeOpenAI([text("Think ", "about", " it", stall_after=2), text("again")]) as server:

        def on_text(piece: str) -> None:
            pieces.append(piece)
            threading.Timer(0.2, cancellation.cancel).start()

        started = time.monotonic()
        same = provider(server)
        with pytest.raises(Cancelled):
            same.complete([{"role": "user", "content": "hi"}], on_text=on_text, cancellation=cancellation)
        assert time.monotonic() - started < 3
        assert server.disconnected.wait(2), "the server never saw the connection close"
        # The next question goes through the same provider on a fresh connection.
        assert same.complete([{"role": "user", "content": "hi"}]).text == "again"
    assert pieces == ["Think "]


def test_cancel_while_the_server_has_not_answered_yet():
    cancellation = Cancellation()
    with FakeOpenAI([Reply(hang=True)]) as server:
        threading.Timer(0.3, cancellation.cancel).start()
        started = time.monotonic()
        with pytest.raises(Cancelled):
            provider(server, first_token_timeout=30).complete(
                [{"role": "user", "content": "hi"}], cancellation=cancellation
            )
        assert time.monotonic() - started < 3


def test_cancel_during_a_backoff_does_not_wait_it_out():
    cancellation = Cancellation()
    busy = threading.Event()

    def later(_body: dict) -> Reply:
        busy.set()
        return failure(429, "later", retry_after="30")

    def cancel_once_told_to_wait() -> None:
        # On the server's answer, not on a timer: a busy machine may take longer than any timer
        # to send the first request.
        if busy.wait(60):
            cancellation.cancel()

    with FakeOpenAI([later, text("never")]) as server:
        threading.Thread(target=cancel_once_told_to_wait, daemon=True).start()
        started = time.monotonic()
        with pytest.raises(Cancelled):
            provider(server, max_backoff=30).complete([{"role": "user", "content": "hi"}], cancellation=cancellation)
        # Waiting the backoff out would take the 30 s the server asked for.
        assert time.monotonic() - started < 15 and len(server.bodies()) == 1


def test_models_lists_the_servers_models():
    with FakeOpenAI(models=["qwen2.5-coder:7b", "llama3.1:8b"]) as server:
        assert provider(server).models() == ["llama3.1:8b", "qwen2.5-coder:7b"]
    assert server.requests[0]["method"] == "GET" and server.requests[0]["path"] == "/v1/models"


def test_an_unknown_model_says_so():
    with FakeOpenAI([text("unused")], models=["other"]) as server:
        with pytest.raises(ModelNotFound, match="no model 'fast-model'.*ends in /v1"):
            ask(server)


def test_a_server_that_is_down():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = ProviderConfig(base_url=f"http://127.0.0.1:{port}/v1", model="m", api_key=KEY, connect_timeout=1)
    with pytest.raises(ServerDown, match="connection refused") as down:
        Provider(config).complete([{"role": "user", "content": "hi"}])
    with pytest.raises(ServerDown):
        Provider(config).models()
    assert KEY not in str(down.value)


def test_a_rejected_key_is_named_but_never_shown():
    with FakeOpenAI([text("unused")], key="the-right-key") as server:
        with pytest.raises(KeyRejected, match="refused the API key") as rejected:
            ask(server, api_key=KEY)
        with pytest.raises(KeyRejected) as listing:
            provider(server, api_key=KEY).models()
    # The server echoed the Authorization header in its error: the message must not carry it on.
    assert "Incorrect API key provided" in str(rejected.value)
    for error in (rejected.value, listing.value):
        assert KEY not in str(error) and KEY[:8] not in str(error) and KEY[-6:] not in str(error)
    assert server.requests[0]["headers"]["authorization"] == f"Bearer {KEY}"  # it was sent, only not shown


def test_other_errors_carry_the_servers_words():
    with FakeOpenAI([failure(400, f"context length exceeded for key {KEY}")]) as server:
        with pytest.raises(ProviderError, match="answered 400: context length exceeded") as caught:
            ask(server, api_key=KEY)
    assert KEY not in str(caught.value)


def test_a_line_that_is_not_json_is_said_in_words_with_the_line():
    with FakeOpenAI([text("Which ", "test?", raw={2: "data: {oops"})]) as server:
        with pytest.raises(BadAnswer) as caught:
            ask(server, api_key=KEY)
    message = str(caught.value)
    assert message.startswith(f"The model server at {server.base_url} sent a line of its answer that is not JSON")
    assert "'data: {oops'" in message and caught.value.kind == "bad_answer"
    # No exception's name, no "unexpected error": a sentence about what the server sent.
    assert not re.search(r"[A-Z][a-z]+Error|unexpected", message) and KEY not in message


def test_a_wrong_line_that_echoes_the_key_is_quoted_without_it():
    with FakeOpenAI([text("Hi", raw={1: f"data: {{oops {KEY}"})]) as server:
        with pytest.raises(BadAnswer, match=r"not JSON: 'data: \{oops \[key hidden\]'") as caught:
            ask(server, api_key=KEY)
    assert KEY[:8] not in str(caught.value) and KEY[-6:] not in str(caught.value)


def test_a_line_that_is_not_utf8_is_said_in_words():
    with FakeOpenAI([text("Which ", "test?", raw={2: b'data: {"x": "\xff\xfe"}'})]) as server:
        with pytest.raises(BadAnswer, match="sent bytes that are not UTF-8 text at byte 13 of a line") as caught:
            ask(server)
    assert "Decode" not in str(caught.value)


@pytest.mark.parametrize(
    ("line", "said"),
    [("data: 42", "an event of the stream is 42, not an object"), ('data: {"choices": "x"}', "not a list")],
    ids=["a-number", "choices-not-a-list"],
)
def test_a_chunk_of_the_wrong_shape_is_said_in_words(line, said):
    with FakeOpenAI([text("Which ", "test?", raw={1: line})]) as server:
        with pytest.raises(BadAnswer, match="sent an answer of the wrong shape") as caught:
            ask(server)
    assert said in str(caught.value)


def test_an_argument_of_21_mb_is_refused_at_the_cap_and_the_rest_is_not_read():
    huge = '{"code": "' + "x" * 21_000_000 + '"}'
    made = [
        Call("bp_trace", {"y": 1}, id="before"),
        Call("execute_code", huge, id="big"),
        Call("bp_trace", {}, id="after"),
    ]
    with FakeOpenAI([calls(*made, piece=300)]) as server:
        done, _ = ask(server)
        # The client closed the connection at the cap: the server could not send the rest.
        assert server.disconnected.wait(10)
    before, big = done.tool_calls  # the call after the big one was never read
    assert (before.id, json.loads(before.arguments), before.oversized) == ("before", {"y": 1}, 0)
    assert (big.id, big.name, big.arguments) == ("big", "execute_code", "")
    assert MAX_ARGUMENTS < big.oversized <= MAX_ARGUMENTS + 300 and done.finish_reason == "tool_calls"


def test_an_oversized_call_in_a_whole_reply_is_measured_and_not_kept():
    big = '{"code": "' + "x" * (2 * MAX_ARGUMENTS) + '"}'
    with FakeOpenAI([calls(Call("execute_code", big, id="big"), plain=True)]) as server:
        (call,) = ask(server)[0].tool_calls
    assert (call.arguments, call.oversized) == ("", len(big))


def test_an_argument_just_under_the_cap_is_kept():
    under = '{"code": "' + "x" * (MAX_ARGUMENTS - 12) + '"}'
    with FakeOpenAI([calls(Call("execute_code", under), piece=1000)]) as server:
        (call,) = ask(server)[0].tool_calls
    assert call.arguments == under and call.oversized == 0


@pytest.mark.parametrize("status", [429, 503])
def test_a_server_that_asks_for_an_hour_ends_the_turn_at_once(status):
    with FakeOpenAI([failure(status, "later", retry_after="3600"), text("never")]) as server:
        with pytest.raises(Overloaded) as caught:
            ask(server, api_key=KEY)
    assert str(caught.value) == (
        f"The server at {server.base_url} asks to wait 3600 s (Retry-After) before the next request; "
        "try again later or pick another server."
    )
    assert len(server.bodies()) == 1  # no retry


def test_retry_after_as_an_http_date():
    later = formatdate(time.time() + 3600, usegmt=True)
    soon = formatdate(time.time(), usegmt=True)  # now: no wait at all
    with FakeOpenAI([failure(429, "later", retry_after=later)]) as server:
        with pytest.raises(Overloaded, match=r"asks to wait 3[56]\d\d s \(Retry-After\)"):
            ask(server)
    with FakeOpenAI([failure(503, "busy", retry_after=soon), text("ok")]) as server:
        assert ask(server, backoff=30)[0].text == "ok"  # the date, not our 30 s backoff, said how long
    assert len(server.bodies()) == 2


def test_a_short_retry_after_is_honoured():
    with FakeOpenAI([failure(429, "slow down", retry_after="0.2"), text("ok")]) as server:
        started = time.monotonic()
        done, _ = ask(server)
    assert done.text == "ok" and time.monotonic() - started >= 0.2


def test_a_server_that_ignores_stream_true_is_read_whole():
    reply = Reply(text=["Which test fails?"], plain=True, usage={"prompt_tokens": 40, "completion_tokens": 4})
    with FakeOpenAI([reply, calls(Call("execute_code", {"code": "x"}, id="c1"), plain=True)]) as server:
        done, pieces = ask(server)
        called, _ = ask(server)
    assert server.bodies()[0]["stream"] is True
    assert (done.text, pieces, done.finish_reason) == ("Which test fails?", ["Which test fails?"], "stop")
    assert done.usage == {"prompt_tokens": 40, "completion_tokens": 4}
    assert [(c.id, c.name, json.loads(c.arguments)) for c in called.tool_calls] == [
        ("c1", "execute_code", {"code": "x"})
    ]
    assert called.finish_reason == "tool_calls"
