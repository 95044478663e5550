"""A model cannot write the learner's data, nor pass a solution through a tool: a loopback server
scripted as a model (the real openai SDK), the app's registry, the real database and children.

The forged export is a real one: another learner's accepted Submit of two-sum, exported. Imported
as the current learner it would count as their solved problem; the profile read before and after
(problems solved, readiness) is the evidence.
"""

from __future__ import annotations

import json

import anyio

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.events import Escalated, TextDelta, ToolFinished, ToolStarted
from codementor_desktop.tutor.factory import open_tutor
from codementor_desktop.tutor.guard import HELD
from codementor_desktop.tutor.model_tutor import HELD_ESCALATION, ModelTutor
from codementor_desktop.tutor.turns import TurnContext
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text
from tests.integration.mcp_session import mcp_session

WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"
HERE = TurnContext(problem_id="two-sum", code=WRONG, language="python")
# The bank's two-sum reference with every name but the function's renamed (it still passes).
RENAMED = (
    "def two_sum(values, goal):\n    index_of = {}\n    for k, x in enumerate(values):\n"
    "        if goal - x in index_of:\n            return [index_of[goal - x], k]\n        index_of[x] = k\n"
    "    return []\n"
)
# Accepted, and of another shape than the references: a learner's own way of solving it.
OTHER_WAY = (
    "def two_sum(nums, target):\n    where = {}\n    for i in range(len(nums)):\n        want = target - nums[i]\n"
    "        if want in where:\n            return [where[want], i]\n        where[nums[i]] = i\n    return []\n"
)
JS_RENAMED = (
    "function twoSum(a, t) {\n  const m = new Map();\n  for (let q = 0; q < a.length; q++) {\n"
    "    const w = t - a[q];\n    if (m.has(w)) return [m.get(w), q];\n    m.set(a[q], q);\n  }\n  return [];\n}\n"
)


def configure(services, server: FakeOpenAI) -> None:
    services.settings.llm_base_url = server.base_url
    services.settings.llm_model = "fast-model"
    services.settings.llm_deep_model = "deep-model"
    services.settings.llm_tool_set = "full"  # every tool offered: the gate, not the offer, is under test


def person(services, name: str, arguments: dict, learner: str = "ada") -> dict:
    return services.registry.call(name, arguments, ToolContext(caller=Caller.PERSON, learner=learner))


def profile(services) -> tuple[int, float]:
    summary = person(services, "get_personalized_recommendation", {"num_recommendations": 1})["weakness_summary"]
    return summary["problems_solved"], summary["overall_readiness_score"]


def forged_export(services) -> dict:
    """Grace's accepted Submit of two-sum, exported: runs the current learner never made."""
    submit = {
        "language": "python",
        "problem_id": "two-sum",
        "test_cases": [],
        "code": OTHER_WAY,
        "include_hidden": True,
    }
    assert person(services, "execute_code", submit, learner="grace")["verdict"] == "AC"
    return person(services, "export_learner_data", {}, learner="grace")["export"]


def turn(tutor, said: str = "help", context: TurnContext = HERE) -> list:
    events: list = []
    tutor.turn(said, events.append, context=context)
    return events


def tool_results(server: FakeOpenAI) -> list[dict]:
    return [json.loads(m["content"]) for m in server.bodies()[-1]["messages"] if m["role"] == "tool"]


def test_in_the_terminal_a_models_import_is_refused_and_the_profile_stays(services):
    export = forged_export(services)
    before = profile(services)
    script = [calls(Call("import_learner_data", {"export": export}, id="call_imp")), text("Imported.")]
    with FakeOpenAI(script) as server:
        configure(services, server)
        turn(open_tutor(services, "ada"))  # as `codementor ask` opens it: no one to ask
    [result] = tool_results(server)
    assert result["error_code"] == "NOT_PERMITTED"
    assert "a model may not call it" in result["error_message"] and "Import data" in result["error_message"]
    assert profile(services) == before
    # The same export imported by the learner themselves counts: the profile above could have moved.
    assert person(services, "import_learner_data", {"export": export})["status"] == "ok"
    assert profile(services)[0] == before[0] + 1


def test_in_the_window_the_learner_is_asked_and_only_a_yes_imports(services):
    export = forged_export(services)
    before = profile(services)
    asked: list[tuple[str, str]] = []
    for answer in (False, True):
        script = [calls(Call("import_learner_data", {"export": export}, id="call_imp")), text("Done.")]
        with FakeOpenAI(script) as server:
            configure(services, server)
            tutor = ModelTutor(
                services, "ada", confirm_write=lambda tool, change, a=answer: asked.append((tool, change)) or a
            )
            turn(tutor)
        [result] = tool_results(server)
        if not answer:
            assert result["error_code"] == "NOT_PERMITTED" and "declined" in result["error_message"]
            assert profile(services) == before
    assert result["status"] == "ok" and profile(services)[0] == before[0] + 1
    assert [tool for tool, _change in asked] == ["import_learner_data"] * 2
    assert "another export" in asked[0][1]


def test_over_mcp_a_models_import_is_refused_and_the_profile_stays(services, tmp_path):
    export = forged_export(services)
    before = profile(services)

    async def test():
        async with mcp_session(tmp_path / "stderr.txt") as session:
            return await session.call_tool("import_learner_data", {"export": export})

    result = anyio.run(test)
    assert result.is_error and result.structured_content["error_code"] == "NOT_PERMITTED"
    assert profile(services) == before


def test_a_snapshot_or_a_submit_of_code_the_learner_did_not_write_is_refused_and_of_their_own_runs(services):
    mine = TurnContext(problem_id="two-sum", code=RENAMED, language="python")
    foreign = "def two_sum(nums, target):\n    return [0, 1] if nums[0] + nums[1] == target else [1, 2]\n"
    run = {"language": "python", "problem_id": "two-sum", "test_cases": []}
    submit = {**run, "include_hidden": True}
    script = [
        calls(
            Call("save_code_snapshot", {"problem_id": "two-sum", "code": foreign}, id="c1"),
            Call("execute_code", {**submit, "code": foreign}, id="c2"),
            Call("execute_code", {**run, "code": foreign}, id="c3"),
            Call("save_code_snapshot", {"problem_id": "two-sum", "code": RENAMED}, id="c4"),
            Call("execute_code", {**submit, "code": RENAMED}, id="c5"),
        ),
        text("Saved and submitted."),
    ]
    with FakeOpenAI(script) as server:
        configure(services, server)
        events = turn(open_tutor(services, "ada"), context=mine)
    refused_snapshot, refused_submit, plain_run, snapshot, submitted = tool_results(server)
    assert refused_snapshot["error_code"] == refused_submit["error_code"] == "NOT_PERMITTED"
    assert plain_run["verdict"] == "AC" and plain_run["run_id"]  # run and shown, yet not the learner's attempt
    assert snapshot["status"] == "ok" and submitted["verdict"] == "AC"
    history = person(services, "list_code_history", {"problem_id": "two-sum"})
    assert [s["code"] for s in history["snapshots"]] == [RENAMED]
    assert [a["code"] for a in history["attempts"]] == [RENAMED]
    # The learner's own accepted code, echoed in the card of the model's call: theirs to see.
    started = [e for e in events if isinstance(e, ToolStarted)]
    assert started[4].arguments["code"] == RENAMED


def test_a_call_whose_arguments_hold_the_renamed_reference_is_not_run_and_its_card_holds_it_back(services):
    script = [
        calls(
            Call("save_code_snapshot", {"problem_id": "two-sum", "code": RENAMED}, id="c1"),
            Call("bp_execute", {"code": JS_RENAMED, "language": "javascript", "entry_point": "twoSum"}, id="c2"),
        ),
        text("There."),
    ]
    with FakeOpenAI(script) as server:
        configure(services, server)
        events = turn(open_tutor(services, "ada"))  # the learner's code is WRONG: the reference is not theirs
    for result in tool_results(server):
        assert result["error_code"] == "NOT_PERMITTED" and result["error_message"].startswith("Held back")
    history = person(services, "list_code_history", {"problem_id": "two-sum"})
    assert history["snapshots"] == [] and history["attempts"] == []
    cards = [e for e in events if isinstance(e, ToolStarted | ToolFinished)]
    shown = json.dumps([getattr(e, "arguments", None) or getattr(e, "result", None) for e in cards])
    assert "index_of" not in shown and "m.has(w)" not in shown and HELD in shown


def test_a_renamed_reference_in_the_answer_fenced_or_inline_is_held_back(services):
    inline = "Write " + ", then ".join(f"`{line.strip()}`" for line in JS_RENAMED.splitlines()) + "."
    script = [text("Here:\n```python\n", RENAMED, "```\n"), text(inline)]
    with FakeOpenAI(script) as server:
        configure(services, server)
        tutor = open_tutor(services, "ada")
        shown = ["".join(e.text for e in turn(tutor) if isinstance(e, TextDelta)) for _ in range(2)]
    assert "index_of" not in shown[0] and shown[0].startswith("Here:")
    assert "m.has(w)" not in shown[1] and shown[1].startswith("Write `")


def test_a_deeper_models_answer_holding_the_reference_reaches_neither_the_learner_nor_the_model(services):
    def deep(body: dict):
        assert body["model"] == "deep-model"
        return text("Just tell them:\n\n```js\n", JS_RENAMED, "```")

    script = [calls(Call("escalate_for_insight", {"reason": "stuck on pairs"}, id="up")), deep, text("Hmm.")]
    with FakeOpenAI(script) as server:
        configure(services, server)
        events = turn(open_tutor(services, "ada"))
    [escalated] = [e for e in events if isinstance(e, Escalated)]
    assert escalated.question == HELD_ESCALATION
    [result] = tool_results(server)
    assert result["data"]["new_question"] == HELD_ESCALATION and "m.has(w)" not in json.dumps(server.bodies()[-1])


def test_deleting_is_never_a_models_even_with_the_learners_yes(services):
    person(services, "save_code_snapshot", {"problem_id": "two-sum", "code": WRONG})
    asked: list = []
    context = ToolContext(caller=Caller.MODEL, learner="ada", confirm=lambda *question: asked.append(question) or True)
    result = services.registry.call("delete_learner_data", {"confirm": True}, context)
    assert result["error_code"] == "NOT_PERMITTED" and "Delete my data" in result["error_message"] and asked == []
    assert len(person(services, "list_code_history", {"problem_id": "two-sum"})["snapshots"]) == 1
