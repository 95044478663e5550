"""The tutor's turn end to end: the real openai SDK against a loopback server scripted as a model,
the app's registry running the tools (the learner's code in a real child process)."""

from __future__ import annotations

import json
import threading

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.answer import MAX_ARGUMENTS
from codementor_desktop.tutor.cancellation import Cancellation
from codementor_desktop.tutor.context_size import reduced
from codementor_desktop.tutor.events import TextDelta, ToolFinished, ToolStarted, TurnEnded, TutorError
from codementor_desktop.tutor.loop import MAX_CALLS_PER_ANSWER, MAX_KEPT_CALLS, TutorLoop
from codementor_desktop.tutor.provider import Provider, ProviderConfig
from tests.fakes.openai_server import Call, FakeOpenAI, calls, failure, text

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"  # right only when the pair is at the front
RUN = {"code": WRONG, "language": "python", "problem_id": "two-sum", "test_cases": []}


def tutor(services, server: FakeOpenAI, **options) -> TutorLoop:
    config = ProviderConfig(base_url=server.base_url, model="fast-model", backoff=0.01, first_token_timeout=10)
    return TutorLoop(Provider(config), services.registry, "ada", **options)


def turn(loop: TutorLoop, said: str, cancellation: Cancellation | None = None) -> list:
    events: list = []
    loop.turn(said, events.append, cancellation)
    return events


def tool_messages(body: dict) -> list[dict]:
    return [m for m in body["messages"] if m["role"] == "tool"]


def analyze_the_run(body: dict):
    """The model reads the run it was sent and asks for the analysis of that run."""
    run = json.loads(tool_messages(body)[-1]["content"])
    arguments = {**{k: RUN[k] for k in ("code", "language", "problem_id")}, "measure": False}
    return calls(Call("analyze_code_patterns", {**arguments, "test_results": {"run_id": run["run_id"]}}, id="call_an"))


def test_a_wrong_solution_is_run_then_analyzed_and_the_model_is_sent_both_results(services):
    question = ["Test 2 fails on [3,2,4], 6. ", "What does your function return there?"]
    with FakeOpenAI([calls(Call("execute_code", RUN, id="call_run")), analyze_the_run, text(*question)]) as server:
        events = turn(tutor(services, server), "Why is my two_sum wrong?")
    first, second, third = server.bodies()
    # What the model was given: the Socratic prompt, the learner's words, the tools.
    assert (
        first["messages"][0]["role"] == "system"
        and "never write a full solution" in first["messages"][0]["content"].lower()
    )
    assert first["messages"][1] == {"role": "user", "content": "Why is my two_sum wrong?"}
    assert {"execute_code", "analyze_code_patterns"} <= {t["function"]["name"] for t in first["tools"]}
    # The run's result goes back as a tool message answering its call by id, and names the failing
    # test's input and its verdict.
    asked = second["messages"][-2]
    assert asked["role"] == "assistant" and asked["tool_calls"][0]["id"] == "call_run"
    (ran,) = tool_messages(second)
    assert ran["tool_call_id"] == "call_run"
    run = json.loads(ran["content"])
    assert run["verdict"] == "WA" and run["failed_test_case"]["input"] == "[3,2,4], 6"
    failing = [t for t in run["test_results"] if not t["passed"]]
    assert [(t["input"], t["verdict"]) for t in failing] == [("[3,2,4], 6", "WA")]
    # The analysis answers its own call, after the run's.
    assert [m["tool_call_id"] for m in tool_messages(third)] == ["call_run", "call_an"]
    analysis = json.loads(tool_messages(third)[-1]["content"])
    assert analysis["attempt_id"] == run["run_id"] and analysis["detected_patterns"]
    # What the window sees, in order.
    kinds = [type(e).__name__ for e in events]
    assert kinds == [
        "ToolStarted",
        "ToolFinished",
        "ToolStarted",
        "ToolFinished",
        "TextDelta",
        "TextDelta",
        "TurnEnded",
    ]
    assert events[0] == ToolStarted("execute_code", RUN, "call_run")
    assert isinstance(events[1], ToolFinished)
    assert events[1].summary == "Ran your code: test 2 fails on input [3,2,4], 6; 2 of 3 pass"
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "".join(question)
    assert events[-1] == TurnEnded("answered", 3, None)


def test_malformed_arguments_go_back_as_the_registrys_error_and_the_model_corrects_itself(services):
    script = [calls(Call("bp_execute", '{"language": "python", "code": ', id="bad")), text("Let me look again.")]
    with FakeOpenAI(script) as server:
        events = turn(tutor(services, server), "run it")
    (sent,) = tool_messages(server.bodies()[1])
    error = json.loads(sent["content"])
    assert sent["tool_call_id"] == "bad" and error["error_code"] == "INVALID_ARGUMENTS"
    assert isinstance(events[0], ToolStarted) and events[0].arguments == '{"language": "python", "code": '
    assert events[-1].reason == "answered"


def test_two_calls_in_one_answer_each_get_their_own_tool_message(services):
    good = {"language": "python", "code": "def f(x):\n    return x * 2\n"}
    made = [
        Call("bp_execute", {**good, "input_data": 1}, id="c1"),
        Call("bp_execute", {**good, "input_data": 5}, id="c2"),
    ]
    with FakeOpenAI([calls(*made, whole=True), text("Both ran.")]) as server:
        events = turn(tutor(services, server), "try 1 and 5")
    sent = tool_messages(server.bodies()[1])
    assert [(m["tool_call_id"], json.loads(m["content"])["return_value"]) for m in sent] == [("c1", "2"), ("c2", "10")]
    assert [e.call_id for e in events if isinstance(e, ToolFinished)] == ["c1", "c2"]


def test_the_same_failing_call_is_refused_then_the_turn_is_stopped(services):
    same = Call("execute_code", {"code": "x", "language": "cobol", "problem_id": "two-sum", "test_cases": []})
    with FakeOpenAI([calls(same), calls(same), calls(same), text("unused")]) as server:
        events = turn(tutor(services, server), "run")
    assert len(server.bodies()) == 3  # the third identical call ended the turn
    second_reply = json.loads(tool_messages(server.bodies()[2])[-1]["content"])
    assert second_reply["error_code"] == "NOT_RUN" and "already made this exact call" in second_reply["error_message"]
    assert sum(isinstance(e, ToolStarted) for e in events) == 1  # only the first was run
    errors = [e for e in events if isinstance(e, TutorError)]
    assert [e.kind for e in errors] == ["repeated_call"] and events[-1].reason == "repeated_call"
    # The conversation stays well formed: every call has its tool message.
    loop_calls = [c["id"] for m in server.bodies()[2]["messages"] if m.get("tool_calls") for c in m["tool_calls"]]
    assert len(loop_calls) == len(tool_messages(server.bodies()[2]))


def test_the_rounds_of_a_turn_are_bounded(services):
    code = "def f(x):\n    return x\n"
    script = [calls(Call("bp_execute", {"language": "python", "code": code, "input_data": n})) for n in range(5)]
    with FakeOpenAI(script) as server:
        events = turn(tutor(services, server, max_rounds=3), "loop")
    assert len(server.bodies()) == 3
    assert [e.kind for e in events if isinstance(e, TutorError)] == ["round_limit"]
    assert events[-1] == TurnEnded("round_limit", 3, None)


def test_a_model_without_tools_is_reported_for_the_app_to_react(services):
    with FakeOpenAI([failure(400, "qwen:0.5b does not support tools")]) as server:
        events = turn(tutor(services, server), "help")
    assert [type(e).__name__ for e in events] == ["TutorError", "TurnEnded"]
    assert events[0].kind == "tools_unsupported" and events[-1].reason == "error"


def test_stop_in_the_middle_of_a_stream(services):
    cancellation = Cancellation()
    events: list = []

    def emit(event) -> None:
        events.append(event)
        if isinstance(event, TextDelta):
            threading.Timer(0.1, cancellation.cancel).start()

    with FakeOpenAI([text("What ", "happens", stall_after=2)]) as server:
        loop = tutor(services, server)
        ended = loop.turn("hm", emit, cancellation)
        assert server.disconnected.wait(2)
    assert ended.reason == "cancelled" and [e.text for e in events if isinstance(e, TextDelta)] == ["What "]


def test_the_next_turn_carries_the_conversation(services):
    with FakeOpenAI([text("What should it return?"), text("Right.")]) as server:
        loop = tutor(services, server)
        turn(loop, "first")
        turn(loop, "second")
    roles = [m["role"] for m in server.bodies()[1]["messages"]]
    assert roles == ["system", "user", "assistant", "user"]
    assert server.bodies()[1]["messages"][2]["content"] == "What should it return?"


def snapshots(services) -> list:
    listed = services.registry.call(
        "list_code_history", {"problem_id": "two-sum"}, ToolContext(caller=Caller.PERSON, learner="ada")
    )
    return listed["snapshots"]


def test_only_the_tools_the_model_was_offered_run(services):
    offered = reduced(services.registry.openai_tools())  # the six tools a small context is given
    forged = {"export": {"format": "codementor-learner-data", "attempts": [{"problem_id": "two-sum", "verdict": "AC"}]}}
    script = [
        calls(
            Call("save_code_snapshot", {"problem_id": "two-sum", "code": WRONG, "name": "mine"}, id="s"),
            Call("bp_execute", {"language": "python", "code": "def f(x):\n    return x\n", "input_data": 1}, id="b"),
            Call("import_learner_data", forged, id="i"),
            whole=True,
        ),
        text("Which test fails?"),
    ]
    with FakeOpenAI(script) as server:
        loop = tutor(services, server, tools=offered)
        events = turn(loop, "help")
    assert len(offered) == 6 and not {"save_code_snapshot", "bp_execute"} & {t["function"]["name"] for t in offered}
    # Nothing claims to have run, and nothing did.
    assert not [e for e in events if isinstance(e, (ToolStarted, ToolFinished))]
    assert snapshots(services) == []
    errors = [e for e in events if isinstance(e, TutorError)]
    assert [e.kind for e in errors] == ["tool_not_offered"] * 3
    assert errors[0].message == "The model asked for save_code_snapshot, a tool it was not offered; it was not run."
    # The model reads why, with the tools it may call; every call has its tool message.
    sent = tool_messages(server.bodies()[1])
    assert [m["tool_call_id"] for m in sent] == ["s", "b", "i"]
    for message, name in zip(sent, ("save_code_snapshot", "bp_execute", "import_learner_data"), strict=True):
        error = json.loads(message["content"])
        assert error["error_code"] == "TOOL_NOT_OFFERED" and error["error_message"].startswith(f"Not run: {name} is")
        assert error["error_message"].endswith(f"({', '.join(t['function']['name'] for t in offered)}).")
    assert events[-1].reason == "answered"


def test_a_call_not_offered_made_three_times_ends_the_turn(services):
    same = Call("bp_execute", {"language": "python", "code": "x = 1"})
    with FakeOpenAI([calls(same), calls(same), calls(same), text("unused")]) as server:
        events = turn(tutor(services, server, tools=reduced(services.registry.openai_tools())), "run")
    assert len(server.bodies()) == 3 and events[-1].reason == "repeated_call"
    assert not [e for e in events if isinstance(e, ToolStarted)]


def test_oversized_arguments_are_refused_and_never_kept_or_resent(services):
    huge = json.dumps({**RUN, "code": "# " + "x" * 21_000_000})
    script = [calls(Call("execute_code", huge, id="big"), piece=300), text("Shall we look at test 2?")]
    with FakeOpenAI(script) as server:
        loop = tutor(services, server)
        events = turn(loop, "check my code")
    assert not [e for e in events if isinstance(e, (ToolStarted, ToolFinished))]
    (error,) = [e for e in events if isinstance(e, TutorError)]
    assert error.kind == "arguments_too_large"
    assert error.message == (
        f"The model sent a call to execute_code whose arguments passed the limit of {MAX_ARGUMENTS:,} characters; "
        "it was not run, and the rest of that answer was not read."
    )
    second = server.bodies()[1]
    (refused,) = tool_messages(second)
    assert json.loads(refused["content"]) == {
        "status": "error",
        "error_code": "ARGUMENTS_TOO_LARGE",
        "error_message": f"Not run: its arguments passed the limit of {MAX_ARGUMENTS:,} characters, and the rest "
        "of your answer was not read.",
    }
    # The assistant message keeps a short note in place of the 21 MB, so nothing resends or stores them.
    kept = loop.messages[2]["tool_calls"][0]["function"]["arguments"]
    assert kept == second["messages"][2]["tool_calls"][0]["function"]["arguments"]
    assert json.loads(kept) == {"omitted": f"arguments over the limit of {MAX_ARGUMENTS} characters, not kept"}
    assert len(json.dumps(loop.messages)) < 20_000 and events[-1].reason == "answered"


def test_the_calls_of_one_answer_are_capped(services):
    many = [Call("get_user_progress", {}, id=f"c{n}") for n in range(30)]
    with FakeOpenAI([calls(*many, whole=True), text("Enough.")]) as server:
        events = turn(tutor(services, server), "everything at once")
    assert sum(isinstance(e, ToolStarted) for e in events) == MAX_CALLS_PER_ANSWER == 6
    (error,) = [e for e in events if isinstance(e, TutorError)]
    assert error.kind == "call_limit" and "30 tool calls" in error.message and "first 6" in error.message
    sent = tool_messages(server.bodies()[1])
    assert [m["tool_call_id"] for m in sent] == [f"c{n}" for n in range(30)]  # every call answered, in order
    refused = [json.loads(m["content"]) for m in sent[6:]]
    assert {(r["error_code"], r["error_message"]) for r in refused} == {
        ("CALL_LIMIT", "Not run: at most 6 tool calls per answer.")
    }
    assert all(json.loads(m["content"])["status"] == "ok" for m in sent[:6])
    assert events[-1].reason == "answered"


def test_a_flood_of_calls_is_not_kept_past_a_bound(services):
    many = [Call("get_user_progress", {}, id=f"c{n}") for n in range(MAX_KEPT_CALLS + 36)]
    with FakeOpenAI([calls(*many, whole=True), text("Enough.")]) as server:
        loop = tutor(services, server, max_calls=1)
        events = turn(loop, "everything at once")
    assert f"asked for {MAX_KEPT_CALLS + 36} tool calls" in next(e for e in events if isinstance(e, TutorError)).message
    assert len(loop.messages[2]["tool_calls"]) == MAX_KEPT_CALLS == len(tool_messages(server.bodies()[1]))


def test_a_malformed_line_ends_the_turn_with_a_sentence(services):
    with FakeOpenAI([text("Which ", "test?", raw={2: "data: {oops"})]) as server:
        events = turn(tutor(services, server), "help")
    assert [type(e).__name__ for e in events] == ["TextDelta", "TutorError", "TurnEnded"]
    assert events[1].kind == "bad_answer" and "sent a line of its answer that is not JSON: 'data: {oops'" in (
        events[1].message
    )
    assert "Error" not in events[1].message and events[-1].reason == "error"
