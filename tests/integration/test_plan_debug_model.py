"""``/debug`` with a model: the real openai SDK against a loopback server scripted as a model, the
app's registry running bp_debug_plan (the code in a real child process), the session in the real
database. The model checks the learner's code, then its own translation of the plan, run unseen;
the learner reads the step and the input, and never the translation's code: not in the answer, not
in a card, not in the session shown again."""

from __future__ import annotations

import dataclasses
import json

import pytest

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.tutor.factory import FilteredTutor
from codementor_desktop.tutor.guard import NOTICE
from codementor_desktop.tutor.model_tutor import ModelTutor
from codementor_desktop.tutor.plan_translation import MARK, translations_in
from codementor_desktop.tutor.replay import stored_events
from codementor_desktop.tutor.turns import Intent, TurnContext
from tests.fakes.openai_server import Call, FakeOpenAI, calls, text

LEARNER = (
    "def two_sum(nums, target):\n"
    "    for i in range(len(nums)):\n"
    "        for j in range(len(nums)):\n"
    "            if nums[i] + nums[j] == target:\n"
    "                return [i, j]\n"
    "    return []\n"
)
# The model's literal translation of the plan: "later" read as "from i on", the plan's own mistake.
TRANSLATION = (
    "def two_sum(nums, target):\n"
    "    for first in range(len(nums)):\n"
    "        for second in range(first, len(nums)):\n"
    "            total = nums[first] + nums[second]\n"
    "            if total == target:\n"
    "                return [first, second]\n"
    "    return []\n"
)
TELLS = ("range(first", "nums[first]", "return [first, second]", "total == target", "second > first")
STEPS = [
    PlanStep("For each number i in nums", (2,)),
    PlanStep("For each later number j, check whether nums[i] + nums[j] is the target", (3, 4), "j > i"),
    PlanStep("Return the pair [i, j]", (5,)),
]
HERE = TurnContext(problem_id="two-sum", code=LEARNER, language="python")
ON_LEARNER = {"language": "python", "code": LEARNER, "problem_id": "two-sum"}
# The model anchors the plan's steps to its own translation, the expectation in its names.
PLAN_ARG = [
    {"text": STEPS[0].text, "lines": [2], "expect": ""},
    {"text": STEPS[1].text, "lines": [3, 4, 5], "expect": "second > first"},
    {"text": STEPS[2].text, "lines": [6], "expect": ""},
]
ON_TRANSLATION = {"language": "python", "code": TRANSLATION, "problem_id": "two-sum", "plan": PLAN_ARG, MARK: True}
ANSWER = (
    "Step 2 (for each later number j) is where the plan goes wrong: on input [3,2,4], 6 it pairs a "
    "position with itself. ",
    "What does *later* mean for j, compared with i?",
)


def engine_pending(result: dict) -> bool:
    """Whether the tool answered with the engine's placeholder (its checks land on another branch)."""
    return "not ready yet" in str(result.get("error_message", ""))


def tutor_for(services, server: FakeOpenAI) -> FilteredTutor:
    services.settings.llm_base_url = server.base_url
    services.settings.llm_model = "fast-model"
    services.settings.llm_tool_set = "full"
    services.plans.save("ada", Plan("two-sum", "python", tuple(STEPS)))
    return FilteredTutor(ModelTutor(services, "ada"), services)


def debug(tutor: FilteredTutor) -> list:
    events: list = []
    tutor.turn("/debug", events.append, context=HERE, intent=Intent.DEBUG)
    return events


def everything_shown(events: list) -> str:
    return json.dumps([dataclasses.asdict(e) for e in events], default=str)


def chat_text(events: list) -> str:
    return "".join(getattr(e, "text", "") for e in events if type(e).__name__ == "TextDelta")


def test_the_model_names_the_step_and_the_input_and_the_translation_stays_unseen(services):
    script = [
        calls(Call("bp_debug_plan", ON_LEARNER, id="call_learner")),
        calls(Call("bp_debug_plan", ON_TRANSLATION, id="call_translation")),
        text(*ANSWER),
    ]
    with FakeOpenAI(script) as server:
        tutor = tutor_for(services, server)
        events = debug(tutor)
    first, second, third = server.bodies()
    # The model was given the plan in its words, asked for both checks, and offered the mark.
    asked = first["messages"][-1]["content"]
    assert "2. For each later number j" in asked and "(lines 3, 4); expects `j > i`" in asked
    assert "bp_debug_plan" in asked and MARK in asked
    offered = {t["function"]["name"]: t["function"]["parameters"] for t in first["tools"]}
    assert MARK in offered["bp_debug_plan"]["properties"] and MARK not in offered["generate_hint"]["properties"]
    # Both calls ran; the translation's result went back to the model whole (it reads what it ran).
    learner_result = json.loads(second["messages"][-1]["content"])
    translation_result = json.loads(third["messages"][-1]["content"])
    assert third["messages"][-1]["tool_call_id"] == "call_translation"
    assert "Held back" not in json.dumps(translation_result)
    # The chat: the step and the input, and nothing of the translation's code anywhere.
    said = chat_text(events)
    assert "Step 2" in said and "[3,2,4], 6" in said
    shown = everything_shown(events)
    assert not [tell for tell in TELLS if tell in shown]
    cards = [e for e in events if type(e).__name__ == "ToolStarted"]
    assert [c.arguments.get(MARK) for c in cards] == [None, True]
    assert "code" not in cards[1].arguments and "plan" not in cards[1].arguments
    finished = [e for e in events if type(e).__name__ == "ToolFinished"]
    assert "the tutor's translation of your plan" in finished[1].summary
    assert cards[0].arguments["code"] == LEARNER  # the learner's own code is theirs to see
    # The session shown again (the window reopening it) hides it the same way; the model's context keeps it.
    stored = services.conversations.messages(tutor.session_id)
    assert translations_in(stored) == [TRANSLATION]
    again = stored_events(stored)
    assert not [tell for tell in TELLS if tell in everything_shown(again)]
    assert "Step 2" in chat_text(again)
    if engine_pending(learner_result):
        pytest.skip("bp_debug_plan's checks are not built yet on this branch")
    # Both find step 2's `j > i` broken on [3,2,4], 6: the learner's code and the plan itself.
    assert (learner_result["first_broken"], learner_result["input"]) == (2, "[3,2,4], 6")
    assert (translation_result["first_broken"], translation_result["input"]) == (2, "[3,2,4], 6")


def test_a_pasted_translation_is_held_back_by_the_solution_filter(services):
    pasted = text(
        "Step 2 goes wrong on [3,2,4], 6. Here is your plan as code:\n\n```python\n" + TRANSLATION + "```\n\n",
        "What does later mean?",
    )
    script = [calls(Call("bp_debug_plan", ON_TRANSLATION, id="call_translation")), pasted]
    with FakeOpenAI(script) as server:
        tutor = tutor_for(services, server)
        events = debug(tutor)
        # Next turn (no /debug): a translation run earlier in the session is still held against.
        later = []
        server.script.append(text("As I ran it:\n\n```python\n" + TRANSLATION + "```\n"))
        tutor.turn("show me", later.append, context=HERE)
    said = chat_text(events)
    assert "Step 2 goes wrong on [3,2,4], 6" in said and NOTICE.strip() in said
    assert not [tell for tell in TELLS if tell in everything_shown(events)]
    assert NOTICE.strip() in chat_text(later) and not [t for t in TELLS if t in everything_shown(later)]


def test_a_translation_close_to_the_solution_runs_unseen_but_unmarked_it_is_held_back(services):
    close = (
        "def two_sum(nums, target):\n    seen = {}\n    for j, value in enumerate(nums):\n"
        "        if target - value in seen:\n            return [seen[target - value], j]\n"
        "        seen[value] = j\n    return []\n"
    )
    marked = {**ON_TRANSLATION, "code": close}
    unmarked = {k: v for k, v in marked.items() if k != MARK}
    script = [
        calls(Call("bp_debug_plan", marked, id="call_marked")),
        calls(Call("bp_debug_plan", unmarked, id="call_unmarked")),
        text("Your plan's steps hold on every test. Which step makes it O(n^2)?"),
    ]
    with FakeOpenAI(script) as server:
        events = debug(tutor_for(services, server))
    _first, second, third = server.bodies()
    assert "Held back" not in second["messages"][-1]["content"]
    assert "Held back" in third["messages"][-1]["content"]  # the filter on a model's calls still stands
    assert "seen[target - value]" not in everything_shown(events)


def test_only_the_check_of_the_learners_own_code_counts_for_the_learner(services):
    script = [
        calls(Call("bp_debug_plan", ON_LEARNER, id="call_learner")),
        calls(Call("bp_debug_plan", ON_TRANSLATION, id="call_translation")),
        text(*ANSWER),
    ]
    with FakeOpenAI(script) as server:
        debug(tutor_for(services, server))
    assert len(services.plans.checks("ada", "two-sum")) == 1


def test_a_reduced_tool_list_is_lent_the_plan_check_for_the_debug_turn_only(services):
    script = [calls(Call("bp_debug_plan", ON_LEARNER, id="call_learner")), text(*ANSWER), text("What next?")]
    with FakeOpenAI(script) as server:
        tutor = tutor_for(services, server)
        services.settings.llm_tool_set = "reduced"
        events = debug(tutor)
        tutor.turn("and now?", lambda _event: None, context=HERE)
    first, second, third = server.bodies()
    offered = [{t["function"]["name"] for t in body["tools"]} for body in (first, second, third)]
    assert "bp_debug_plan" in offered[0] and "bp_debug_plan" in offered[1]
    assert "bp_debug_plan" not in offered[2] and "execute_code" in offered[2]
    assert [e.name for e in events if type(e).__name__ == "ToolFinished"] == ["bp_debug_plan"]


def test_a_model_without_tools_reads_the_plan_check_the_app_ran(services):
    from codementor_desktop.tutor.fallback import button_call

    asked = button_call(Intent.DEBUG, "/debug", HERE, hint_level=1, available={"bp_debug_plan"})
    assert asked == ("bp_debug_plan", ON_LEARNER)
    assert button_call(Intent.DEBUG, "/debug", TurnContext("two-sum", "", "python"), hint_level=1,
                       available={"bp_debug_plan"}) is None  # fmt: skip
