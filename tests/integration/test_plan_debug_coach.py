"""``/debug`` with no model: the offline coach runs bp_debug_plan on the learner's code and plan (real
child runs, the real database), tells the report in the plan's words, then questions the plan
against the problem's first hint and the edge-case search, and says when the lines were guessed."""

from __future__ import annotations

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.tutor.coach import OfflineCoach
from codementor_desktop.tutor.events import TextDelta, ToolFinished
from codementor_desktop.tutor.guard import SolutionGuard
from codementor_desktop.tutor.turns import Intent, TurnContext

# Every pair within k, and it reads nums[0] before anything checks the list is not empty.
NEARBY = (
    "def contains_nearby_duplicate(nums, k):\n"
    "    first = nums[0]\n"
    "    for i in range(len(nums)):\n"
    "        for j in range(i + 1, min(len(nums), i + k + 1)):\n"
    "            if nums[i] == nums[j]:\n"
    "                return True\n"
    "    return False\n"
)
WORDS = (
    "Take the first number",
    "For each position i in nums",
    "For each later position j within k of i, compare nums[i] and nums[j]",
    "Return false when no pair matched",
)
ANCHORS = ((2,), (3,), (4, 5), (7,))
TWO_SUM = (
    "def two_sum(nums, target):\n"
    "    for i in range(len(nums)):\n"
    "        for j in range(len(nums)):\n"
    "            if nums[i] + nums[j] == target:\n"
    "                return [i, j]\n"
    "    return []\n"
)


def debug(services, problem_id: str, code: str, steps: tuple[PlanStep, ...]) -> tuple[str, list]:
    services.plans.save("ada", Plan(problem_id, "python", steps))
    events: list = []
    coach = OfflineCoach(services, "ada")
    coach.turn("/debug", events.append, context=TurnContext(problem_id, code, "python"), intent=Intent.DEBUG)
    said = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert not SolutionGuard.for_problem(services.bank.get(problem_id)).leaks(said)
    return said, events


def test_an_anchored_plan_is_told_in_its_words_then_questioned_on_pairs_and_the_empty_list(services):
    steps = tuple(
        PlanStep(w, a, "j > i" if n == 3 else "") for n, (w, a) in enumerate(zip(WORDS, ANCHORS, strict=True), 1)
    )
    said, events = debug(services, "nearby-duplicate", NEARBY, steps)
    ran = [e for e in events if isinstance(e, ToolFinished)]
    assert [e.name for e in ran] == ["bp_debug_plan", "bp_find_edge_cases"]
    report = ran[0].result["report"]
    assert report.strip() in said and "Step 3" in report  # the report as the engine wrote it, in the plan's words
    assert ran[0].result["outcome"] == "held" and not ran[0].result["guessed"]
    assert "Steps 2 and 3 look at every pair: the problem can be done in O(n). What could you remember instead?" in said
    assert "Which step handles an empty list?" in said
    assert "guessed" not in said
    checks = services.plans.checks("ada", "nearby-duplicate")
    assert len(checks) == 1 and checks[0].held == 1  # the /debug counts for the learner


def test_an_unanchored_plan_is_told_that_its_lines_were_guessed(services):
    said, events = debug(services, "nearby-duplicate", NEARBY, tuple(PlanStep(w) for w in WORDS))
    (checked,) = [e for e in events if isinstance(e, ToolFinished) and e.name == "bp_debug_plan"]
    assert checked.result["guessed"]
    assert "Those lines were guessed (step 1 → line" in said
    assert "Anchor them in the Plan tab" in said


def test_a_broken_expectation_is_asked_about_at_its_step_with_the_failing_input(services):
    steps = (
        PlanStep("For each number i in nums", (2,)),
        PlanStep("For each later number j, check whether nums[i] + nums[j] is the target", (3, 4), "j > i"),
        PlanStep("Return the pair [i, j]", (5,)),
    )
    said, events = debug(services, "two-sum", TWO_SUM, steps)
    (checked,) = [e for e in events if isinstance(e, ToolFinished) and e.name == "bp_debug_plan"]
    assert checked.result["first_broken"] == 2
    assert (
        "At step 2 (For each later number j, check whether nums[i] + nums[j] is the target) you expected `j > i`"
        in said
    )
    assert checked.result["input"] in said
    assert "Steps 1 and 2 look at every pair: the problem can be done in O(n)." in said


def test_javascript_too_the_broken_step_is_asked_about_in_its_words(services):
    code = (
        "function twoSum(nums, target) {\n"
        "  for (let i = 0; i < nums.length; i++) {\n"
        "    for (let j = 0; j < nums.length; j++) {\n"
        "      if (nums[i] + nums[j] === target) return [i, j];\n"
        "    }\n"
        "  }\n"
        "  return [];\n"
        "}\n"
    )
    steps = (
        PlanStep("For each number i in nums", (2,)),
        PlanStep("For each later number j, check whether they add up to the target", (3, 4), "j > i"),
    )
    services.plans.save("ada", Plan("two-sum", "javascript", steps))
    events: list = []
    coach = OfflineCoach(services, "ada")
    coach.turn("/debug", events.append, context=TurnContext("two-sum", code, "javascript"), intent=Intent.DEBUG)
    said = "".join(e.text for e in events if isinstance(e, TextDelta))
    (checked,) = [e for e in events if isinstance(e, ToolFinished) and e.name == "bp_debug_plan"]
    assert checked.result["first_broken"] == 2
    assert "At step 2 (For each later number j, check whether they add up to the target) you expected `j > i`" in said
    assert "Steps 1 and 2 look at every pair" in said
