"""The model's tutor end to end: the real openai SDK against a loopback server scripted as a model,
the app's registry running the tools (the learner's code in a real child process), the session in
the real database. What the server received is the evidence."""

from __future__ import annotations

import json

import pytest

from codementor_desktop.tutor import consent
from codementor_desktop.tutor.events import Escalated, SessionConcluded, ToolFinished, TurnEnded, TutorError
from codementor_desktop.tutor.model_tutor import ModelTutor
from codementor_desktop.tutor.turns import Intent, TurnContext
from tests.fakes.openai_server import Call, FakeOpenAI, calls, failure, text

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"  # right only when the pair is at the front
RUN = {"code": WRONG, "language": "python", "problem_id": "two-sum", "test_cases": []}
HERE = TurnContext(problem_id="two-sum", code=WRONG, language="python")
KEY = "sk-test-0123456789abcdefSECRET"


def configure(services, server: FakeOpenAI, deep: str = "deep-model") -> None:
    services.settings.llm_base_url = server.base_url
    services.settings.llm_model = "fast-model"
    services.settings.llm_deep_model = deep


def turn(tutor: ModelTutor, said: str, intent: Intent = Intent.SAY, context: TurnContext = HERE) -> list:
    events: list = []
    ended = tutor.turn(said, events.append, context=context, intent=intent)
    assert events[-1] is ended
    return events


def tool_messages(body: dict) -> list[dict]:
    return [m for m in body["messages"] if m["role"] == "tool"]


def last_result(body: dict) -> dict:
    return json.loads(tool_messages(body)[-1]["content"])


def analyze_the_run(body: dict):
    run = last_result(body)
    arguments = {**{k: RUN[k] for k in ("code", "language", "problem_id")}, "measure": False}
    return calls(Call("analyze_code_patterns", {**arguments, "test_results": {"run_id": run["run_id"]}}, id="call_an"))


def test_the_whole_chain_run_analyze_recommend_and_every_message_is_kept(services):
    script = [
        calls(Call("execute_code", RUN, id="call_run")),
        analyze_the_run,
        calls(Call("get_personalized_recommendation", {"num_recommendations": 2}, id="call_rec")),
        text(
            "Test 2 fails on [3,2,4], 6. What does your function return there?",
            usage={"prompt_tokens": 900, "completion_tokens": 15},
        ),  # fmt: skip
    ]
    with FakeOpenAI(script) as server:
        configure(services, server)
        services.settings.llm_tool_set = "full"  # the recommendation tool is offered: only offered tools run
        tutor = ModelTutor(services, "ada")
        events = turn(tutor, "Why is my two_sum wrong?")
    first, second, third, fourth = server.bodies()
    asked = first["messages"][1]["content"]
    assert asked.startswith("Why is my two_sum wrong?") and 'problem "two-sum"' in asked and WRONG in asked
    # Each result answers its call by id; the run's names the failing test's input and verdict.
    assert [m["tool_call_id"] for m in tool_messages(fourth)] == ["call_run", "call_an", "call_rec"]
    run = json.loads(tool_messages(second)[0]["content"])
    failing = [(t["input"], t["verdict"]) for t in run["test_results"] if not t["passed"]]
    assert run["verdict"] == "WA" and failing == [("[3,2,4], 6", "WA")]
    assert last_result(third)["attempt_id"] == run["run_id"]
    assert last_result(fourth)["recommendations"]
    assert [e.name for e in events if isinstance(e, ToolFinished)] == [
        "execute_code", "analyze_code_patterns", "get_personalized_recommendation",
    ]  # fmt: skip
    assert events[-1] == TurnEnded("answered", 4, {"prompt_tokens": 900, "completion_tokens": 15})
    # Stored: the whole conversation, each tool result with its card; the usage of the fast model.
    stored = services.conversations.messages(tutor.session_id)
    assert [m["role"] for m in stored] == ["system", "user", "assistant", "tool", "assistant", "tool", "assistant",
                                          "tool", "assistant"]  # fmt: skip
    assert stored[3]["event"]["tool"] == "execute_code" and "[3,2,4], 6" in stored[3]["event"]["summary"]
    assert services.conversations.usage(tutor.session_id) == {"fast-model": (900, 15)}
    assert services.conversations.latest("ada", "two-sum") == tutor.session_id


def deep_answers(question: str):
    def answer(body: dict):
        assert body["model"] == "deep-model" and "tools" not in body
        return text(question, usage={"prompt_tokens": 400, "completion_tokens": 20})

    return answer


def test_stuck_escalates_to_the_deep_model_and_the_learner_sees_its_question(services):
    question = "What is at index 0 when the pair is at the end?"
    reason = {"reason": "The learner cannot see why the last pair is missed.", "topic": "arrays"}
    script = [
        calls(Call("escalate_for_insight", reason, id="call_up")),
        deep_answers(question),
        text("Let's try this: ", question),
    ]
    with FakeOpenAI(script) as server:
        configure(services, server)
        tutor = ModelTutor(services, "ada")
        events = turn(tutor, "", Intent.STUCK)
    fast, deep, back = server.bodies()
    assert fast["model"] == "fast-model" and "escalate_for_insight" in fast["messages"][1]["content"]
    assert deep["model"] == "deep-model"  # the escalation went to the deep model
    assert "deeper thinker" in deep["messages"][0]["content"]
    assert reason["reason"] in deep["messages"][1]["content"] and "I'm stuck." in deep["messages"][1]["content"]
    assert last_result(back) == {"status": "success", "data": {"new_question": question}, "model": "deep-model"}
    [escalated] = [e for e in events if isinstance(e, Escalated)]
    assert escalated == Escalated("deep-model", reason["reason"], question)
    assert [e.reason for e in services.history.escalations("ada")] == [reason["reason"]]
    assert services.conversations.usage(tutor.session_id)["deep-model"] == (400, 20)
    card = tool_messages({"messages": services.conversations.messages(tutor.session_id)})[0]["event"]
    assert card["followed"]["escalated"]["model"] == "deep-model"


def test_with_no_deep_model_the_fast_one_answers_with_the_deeper_prompt(services):
    def fast_deep(body: dict):
        assert body["model"] == "fast-model" and "deeper thinker" in body["messages"][0]["content"]
        return text("What would you do by hand?")

    reason = {"reason": "The learner is going in circles."}
    script = [calls(Call("escalate_for_insight", reason)), fast_deep, text("So: what would you do by hand?")]
    with FakeOpenAI(script) as server:
        configure(services, server, deep="")
        events = turn(ModelTutor(services, "ada"), "I'm lost")
    assert [e.model for e in events if isinstance(e, Escalated)] == ["fast-model"]
    assert len(server.bodies()) == 3


def test_conclusion_returns_the_insights_flagged_earlier_and_ends_the_session(services):
    flagged = "Insight: the loop never looks past the first pair."
    final = {
        "summary_title": "Two sum's missed pairs",
        "final_insight": "I must compare every pair, not only the first.",
    }
    script = [
        text("You said it yourself.\n\n", flagged, "\n\nWhat else?"),
        calls(Call("conclude_session", final, id="call_end")),
        text("Well done."),
    ]
    with FakeOpenAI(script) as server:
        configure(services, server)
        tutor = ModelTutor(services, "ada")
        turn(tutor, "Oh, it only checks nums[0] and nums[1]!")
        tutor.flag_insight("A test with the pair at the end shows it.")
        events = turn(tutor, "I get it now", Intent.GOT_IT)
    assert "conclude_session" in server.bodies()[1]["messages"][-1]["content"]
    insights = ("the loop never looks past the first pair.", "A test with the pair at the end shows it.",
                final["final_insight"])  # fmt: skip
    assert [e for e in events if isinstance(e, SessionConcluded)] == [
        SessionConcluded(final["summary_title"], insights)
    ]
    ended = services.conversations.session(tutor.session_id)
    assert ended is not None and ended.concluded and ended.insights == insights
    [kept] = services.history.insights("ada")
    assert kept.summary["key_insights"] == list(insights)


def test_a_session_continues_after_the_app_is_reopened(services, isolated_home):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    with FakeOpenAI([text("What does it return for [3,2,4]?"), text("And why?")]) as server:
        configure(services, server)
        services.loaded.save()
        first = ModelTutor(services, "ada")
        turn(first, "Why is it wrong?")
        session = first.session_id
        services.close()

        reopened = Services.build(credentials=Credentials(use_keyring=False))
        try:
            found = reopened.conversations.latest("ada", "two-sum")
            assert found == session
            again = ModelTutor(reopened, "ada", session_id=found)
            assert again.session_id == session and again.problem_id == "two-sum"
            assert [m["role"] for m in again.transcript()] == ["system", "user", "assistant"]
            turn(again, "It returns [0, 1].")
        finally:
            reopened.close()
    resumed = server.bodies()[1]["messages"]
    assert [m["role"] for m in resumed] == ["system", "user", "assistant", "user"]
    assert resumed[2]["content"] == "What does it return for [3,2,4]?"
    assert all("event" not in m for m in resumed)  # the cards stay ours; the model gets OpenAI's shape


def test_consent_is_asked_once_per_cloud_endpoint_and_a_no_sends_nothing(services, monkeypatch):
    monkeypatch.setattr(consent, "is_cloud", lambda url, resolver=None: True)  # the loopback server plays a cloud
    asked: list[str] = []
    with FakeOpenAI([text("Hello."), text("Again.")]) as server:
        configure(services, server)
        refusing = ModelTutor(services, "ada", ask_consent=lambda host: asked.append(host) or False)
        events = turn(refusing, "hi")
        assert [e.kind for e in events if isinstance(e, TutorError)] == ["consent"]
        assert "Nothing was sent" in events[0].message
        assert server.requests == [] and asked == ["127.0.0.1"]
        turn(refusing, "hi again")
        assert asked == ["127.0.0.1"]  # a no holds for this tutor

        agreeing = ModelTutor(services, "ada", ask_consent=lambda host: asked.append(host) or True)
        turn(agreeing, "hi")
        turn(agreeing, "more")
        assert asked == ["127.0.0.1", "127.0.0.1"] and len(server.bodies()) == 2
    endpoint = consent.endpoint_of(server.base_url)
    assert services.settings.llm_cloud_consent == [endpoint]
    assert endpoint in services.paths.settings_file.read_text(encoding="utf-8")  # a later session is not asked
    later = ModelTutor(services, "ada", ask_consent=lambda host: pytest.fail("asked twice"))
    assert later._consent.allows(server.base_url)


def test_a_local_endpoint_needs_no_consent(services):
    with FakeOpenAI([text("Hello.")]) as server:
        configure(services, server)
        turn(ModelTutor(services, "ada", ask_consent=lambda host: pytest.fail(f"asked about {host}")), "hi")
        assert len(server.bodies()) == 1


def test_the_key_is_never_in_an_error_the_audit_log_or_any_file(services, isolated_home):
    wrong = "sk-wrong-9876543210fedcbaSECRET"
    with FakeOpenAI([calls(Call("execute_code", RUN)), text("Look at test 2.")], key=KEY) as server:
        configure(services, server)
        services.credentials.set("llm", wrong)
        refused = turn(ModelTutor(services, "ada"), "hi")
        [error] = [e for e in refused if isinstance(e, TutorError)]
        assert error.kind == "key_rejected" and wrong not in error.message and wrong[:8] not in error.message
        services.credentials.set("llm", KEY)
        events = turn(ModelTutor(services, "ada"), "Why is it wrong?")
        assert events[-1].reason == "answered"
        assert server.requests[-1]["headers"]["authorization"] == f"Bearer {KEY}"
    services.close()  # flushes the audit log and the database
    assert services.paths.audit_log.exists()
    for path in (p for p in isolated_home.rglob("*") if p.is_file()):
        content = path.read_bytes()
        for secret in (KEY, wrong):
            assert secret.encode() not in content, f"{path} holds a key"
    assert all(KEY not in repr(e) and wrong not in repr(e) for e in refused + events)


def test_a_model_without_tools_gets_the_chains_findings_and_the_learner_is_told(services):
    def reads_the_findings(body: dict):
        assert "tools" not in body
        said = body["messages"][-1]["content"]
        assert said.startswith("Why is it wrong?") and "What CodeMentor found" in said
        assert "execute_code: Ran your code: test 2 fails on input [3,2,4], 6; 2 of 3 pass" in said
        assert "analyze_code_patterns:" in said and "bp_find_edge_cases:" in said
        return text("What does your function return for [3,2,4], 6?")

    def no_code(body: dict):
        assert "tools" not in body and "ran no tools" in body["messages"][-1]["content"]
        return text("Open a problem first?")

    script = [failure(400, "fast-model does not support tools"), reads_the_findings, no_code]
    with FakeOpenAI(script) as server:
        configure(services, server)
        tutor = ModelTutor(services, "ada")
        events = turn(tutor, "Why is it wrong?")
        later = turn(tutor, "And now?", context=TurnContext())
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["TutorError"] + ["ToolStarted", "ToolFinished"] * 3 + ["TextDelta", "TurnEnded"]
    assert events[0].kind == "tools_unsupported" and "ran your code's tests" in events[0].message
    assert [e.name for e in events if isinstance(e, ToolFinished)] == [
        "execute_code", "analyze_code_patterns", "bp_find_edge_cases",
    ]  # fmt: skip
    assert events[-1].reason == "answered"
    assert [type(e).__name__ for e in later] == ["TextDelta", "TurnEnded"]  # told once; tools not offered again
    assert len(server.bodies()) == 3 and "tools" in server.bodies()[0]
    stored = services.conversations.messages(tutor.session_id)
    assert [m["role"] for m in stored] == ["system", "user", "assistant", "user", "assistant"]
    assert [c["tool"] for c in stored[1]["event"]["app_ran"]] == ["execute_code", "analyze_code_patterns",
                                                                   "bp_find_edge_cases"]  # fmt: skip


def sent_tools(body: dict) -> set[str]:
    return {tool["function"]["name"] for tool in body.get("tools", [])}


def test_the_tool_set_follows_the_setting_and_the_measured_size(services, monkeypatch):
    from codementor_desktop.tutor import context_size

    every = {tool["function"]["name"] for tool in services.registry.openai_tools()}
    reduced = every & set(context_size.REDUCED)
    with FakeOpenAI([text("a"), text("b"), text("c")]) as server:
        configure(services, server)
        for setting, expected in (("full", every), ("reduced", reduced), ("auto", reduced)):
            services.settings.llm_tool_set = setting
            tutor = ModelTutor(services, "ada")
            turn(tutor, "hi")
            assert sent_tools(server.bodies()[-1]) == expected, setting
            assert tutor.context_size is not None and tutor.context_size.source == "estimate"
    # The estimate fits a larger bound; the server's count does not: the next request is reduced.
    # A bound just above the estimate (the schemas grow as tools gain fields), and a count over it.
    bound = tutor.context_size.tokens + 1_000
    monkeypatch.setattr(context_size, "BOUND", bound)
    script = [
        calls(Call("execute_code", RUN), usage={"prompt_tokens": bound + 3_000, "completion_tokens": 9}),
        text("So?"),
    ]
    with FakeOpenAI(script) as server:
        configure(services, server)
        services.settings.llm_tool_set = "auto"
        tutor = ModelTutor(services, "ada")
        turn(tutor, "hi")
    first, second = server.bodies()
    assert sent_tools(first) == every and sent_tools(second) == reduced
    assert tutor.context_size is not None and tutor.context_size.source == "server"
    assert tutor.context_size.tokens > 6_000


def test_another_learners_session_is_not_continued(services):
    theirs = services.conversations.start("grace", "two-sum", "fast-model at localhost")
    services.conversations.append(theirs, {"role": "user", "content": "grace's question"})
    services.settings.llm_base_url, services.settings.llm_model = "http://127.0.0.1:9/v1", "fast-model"
    tutor = ModelTutor(services, "ada", session_id=theirs)
    assert tutor.session_id != theirs and tutor.transcript() == []
    assert [m["role"] for m in tutor.loop.messages] == ["system"]


def test_a_session_can_end_in_its_first_turn(services):
    final = {"summary_title": "Two sum", "final_insight": "A dictionary finds the partner in one pass."}
    with FakeOpenAI([calls(Call("conclude_session", final)), text("Well done.")]) as server:
        configure(services, server)
        tutor = ModelTutor(services, "ada")
        events = turn(tutor, "I get it: a dictionary finds the partner in one pass.", Intent.GOT_IT)
    assert [e.insights for e in events if isinstance(e, SessionConcluded)] == [(final["final_insight"],)]
    roles = [m["role"] for m in services.conversations.messages(tutor.session_id)]
    assert roles == ["system", "user", "assistant", "tool", "assistant"]  # stored once each


def test_without_tools_the_app_calls_what_the_buttons_stand_for(services):
    question = "Which index holds the partner of the last number?"

    def reads(expected: str):
        def answer(body: dict):
            assert "tools" not in body and expected in body["messages"][-1]["content"]
            return text("ok")

        return answer

    said = "I get it: the dictionary remembers every number seen."
    script = [
        failure(400, "fast-model does not support tools"),
        reads("ran no tools"),
        reads("The session is concluded"),
        deep_answers(question),
        reads(question),
    ]
    scratch = TurnContext()
    with FakeOpenAI(script) as server:
        configure(services, server)
        tutor = ModelTutor(services, "ada")
        turn(tutor, "hello", context=scratch)
        tutor.flag_insight("Each number looks back, not forward.")
        concluded = turn(tutor, said, Intent.GOT_IT, context=scratch)
        stuck = turn(tutor, "", Intent.STUCK, context=scratch)
    assert [e.insights for e in concluded if isinstance(e, SessionConcluded)] == [
        ("Each number looks back, not forward.", said)
    ]
    assert [(e.model, e.question) for e in stuck if isinstance(e, Escalated)] == [("deep-model", question)]
    assert [e.reason for e in services.history.escalations("ada")] == ['The learner pressed "I\'m stuck".']
    roles = [m["role"] for m in services.conversations.messages(tutor.session_id)]
    assert roles == ["system", "user", "assistant", "user", "user", "assistant", "user", "assistant"]
