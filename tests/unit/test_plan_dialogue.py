"""The offline coach's questions about a plan on ``/debug``: each branch from a ``bp_debug_plan``
result of the contract's shape and a real bank problem, and the turn itself where no run is needed
(no problem, no code, a plan with no steps)."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.tutor import coach_templates as words
from codementor_desktop.tutor.coach import OfflineCoach
from codementor_desktop.tutor.events import TextDelta, ToolStarted
from codementor_desktop.tutor.guard import SolutionGuard
from codementor_desktop.tutor.plan_dialogue import (
    NO_STEPS,
    complexity_question,
    edge_questions,
    guessed_note,
    nested_passes,
    step_question,
    target_complexity,
)
from codementor_desktop.tutor.turns import Intent, TurnContext

PAIRS = (
    PlanStep("Go through the numbers"),
    PlanStep("For each number i in nums"),
    PlanStep("For each later number j, check whether nums[i] + nums[j] is the target"),
)
ONE_PASS = (PlanStep("Remember each number's position"), PlanStep("For each number, look up what completes it"))


def step(number: int, status: str, **more) -> dict:
    base = {"number": number, "text": f"the words of step {number}", "lines": [number + 1], "lines_guessed": False,
            "ran": status != "never_reached", "ran_lines": [], "expect": "left < right", "status": status,
            "evaluations": 3, "broken_at": None, "error": None}  # fmt: skip
    return {**base, **more}


def report(outcome: str, steps: list[dict], **more) -> dict:
    base = {"outcome": outcome, "guessed": False, "tests": {"passed": 1, "total": 3, "verdict": "WA",
            "failing_test": "2"}, "input": "[3,2,4], 6", "trace_id": None, "steps": steps, "first_broken": None,
            "structures": [], "flow": None, "report": "Step 2 ..."}  # fmt: skip
    return {**base, **more}


@pytest.fixture
def two_sum(services):
    return services.bank.get("two-sum")


def test_two_passes_in_a_row_or_in_one_step_are_nested_and_one_pass_is_not():
    assert nested_passes(PAIRS) == (2, 3)
    assert nested_passes((PlanStep("For each i, for each j after it, add them"),)) == (1, 1)
    assert nested_passes(ONE_PASS) is None


def test_a_plan_of_every_pair_on_an_o_n_problem_is_asked_what_it_could_remember(two_sum):
    assert target_complexity(two_sum) == "O(n)"  # as its first hint says
    asked = complexity_question(Plan("two-sum", "python", PAIRS), two_sum)
    assert (
        asked == "Steps 2 and 3 look at every pair: the problem can be done in O(n). What could you remember instead?"
    )
    assert complexity_question(Plan("two-sum", "python", ONE_PASS), two_sum) is None


def test_every_pair_is_not_questioned_where_the_problem_itself_is_quadratic(two_sum):
    quadratic = two_sum.model_copy(update={"hints": ["Checking every pair, O(n^2), is the best known.", "x"]})
    assert complexity_question(Plan("two-sum", "python", PAIRS), quadratic) is None


def test_the_edge_case_search_becomes_questions_of_which_step_handles_it(two_sum):
    plan = Plan("two-sum", "python", PAIRS)
    edges = {"edge_cases": [
        {"category": "empty", "verdict": "RE", "input": {"nums": [], "target": 0}},
        {"category": "duplicates", "verdict": "WA", "input": {"nums": [3, 3], "target": 6}},
        {"category": "single", "verdict": "AC", "input": {"nums": [1], "target": 1}},
    ]}  # fmt: skip
    assert edge_questions(edges, plan, two_sum) == [
        "Which step handles an empty list?",
        "Which step handles the same value appearing twice, as in [3,3], 6?",
    ]
    assert edge_questions({"edge_cases": []}, plan, two_sum) == []
    mentions = Plan("two-sum", "python", (PlanStep("If the list is empty, return nothing"), *PAIRS))
    assert "Step 1 mentions it" in edge_questions(edges, mentions, two_sum)[0]


def test_each_outcome_asks_about_its_own_step():
    broken = step_question(report("broken", [step(1, "held"), step(2, "broken")], first_broken=2), "python")
    assert broken is not None and broken.startswith("At step 2 (the words of step 2) you expected `left < right` on")
    missed = step_question(report("never_reached", [step(1, "held"), step(3, "never_reached")]), "python")
    assert missed == "Step 3 (the words of step 3) never ran on [3,2,4], 6. What should lead the code there?"
    bad = step(1, "unreadable", error="`left <` is not an expression: the comparison has no right side")
    unreadable = step_question(report("unreadable", [bad]), "javascript")
    assert (
        unreadable is not None
        and "`left <` is not an expression" in unreadable
        and "one javascript expression" in unreadable
    )
    assert "None of your steps says" in str(step_question(report("no_expectations", [step(1, "unchecked")]), "python"))
    held = step_question(report("held", [step(1, "held")]), "python")
    assert held is not None and held.startswith("Every expectation held, yet a test still fails on [3,2,4], 6.")
    passing = report("held", [step(1, "held")], tests={"passed": 3, "total": 3, "verdict": "AC", "failing_test": None})
    assert step_question(passing, "python") is None
    for asked in (broken, missed, unreadable, held):
        assert str(asked).endswith("?")  # questions, not answers


def test_guessed_lines_are_said_to_be_guessed_with_what_they_were():
    guessed = report("held", [step(1, "held", lines=[2]), step(2, "held", lines=[3, 4])], guessed=True)
    note = guessed_note(guessed)
    assert note is not None and note.startswith("Those lines were guessed") and "Anchor them" in note
    assert "step 1 → line 2; step 2 → lines 3, 4" in note
    assert guessed_note(report("held", [step(1, "held")])) is None


def turn(coach: OfflineCoach, context: TurnContext) -> tuple[str, list]:
    events: list = []
    coach.turn("/debug", events.append, context=context, intent=Intent.DEBUG)
    return "".join(e.text for e in events if isinstance(e, TextDelta)), events


def test_a_plan_with_no_steps_is_asked_for_and_nothing_runs(services, two_sum):
    code = "def two_sum(nums, target):\n    return []\n"
    said, events = turn(OfflineCoach(services, "ada"), TurnContext("two-sum", code, "python"))
    assert said.strip() == NO_STEPS and not [e for e in events if isinstance(e, ToolStarted)]
    services.plans.save("ada", Plan("two-sum", "python", ()))  # an emptied plan is no plan either
    said, _events = turn(OfflineCoach(services, "ada"), TurnContext("two-sum", code, "python"))
    assert "Write the steps in the Plan tab first" in said
    assert not SolutionGuard.for_problem(two_sum).leaks(said)


def test_debug_without_a_problem_or_code_says_what_is_missing(services):
    services.plans.save("ada", Plan("two-sum", "python", PAIRS))
    said, _events = turn(OfflineCoach(services, "ada"), TurnContext(None, "x = 1\n", "python"))
    assert said.strip() == words.NO_PROBLEM
    said, _events = turn(OfflineCoach(services, "ada"), TurnContext("two-sum", "", "python"))
    assert said.strip() == words.NO_CODE
