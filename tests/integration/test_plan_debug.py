"""bp_debug_plan in real child processes, in both languages: an expectation broken, never
reached, held everywhere, unreadable (not an expression, or a misspelt name), anchors guessed from
the words, and bad arguments refused with the registry's error object."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext

LANGUAGES = ("python", "javascript")

# Two-sum that stores a number before looking for its complement: [3,2,4], 6 answers [0,0].
STORES_FIRST = {
    "python": """def two_sum(nums, target):
    seen = {}
    for i, x in enumerate(nums):
        seen[x] = i
        if target - x in seen:
            return [seen[target - x], i]
    return []
""",
    "javascript": """function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    seen.set(nums[i], i);
    if (seen.has(target - nums[i])) {
      return [seen.get(target - nums[i]), i];
    }
  }
  return [];
}
""",
}
# The same with the two lines in the right order: it passes.
LOOKS_FIRST = {
    "python": """def two_sum(nums, target):
    seen = {}
    for i, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], i]
        seen[x] = i
    return []
""",
    "javascript": """function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) {
      return [seen.get(target - nums[i]), i];
    }
    seen.set(nums[i], i);
  }
  return [];
}
""",
}
# "Every number in the map came before i", in each language.
EARLIER = {
    "python": "all(seen[k] < i for k in seen)",
    "javascript": "[...seen.values()].every((j) => j < i)",
}


def call(services, arguments, learner="ada"):
    return services.registry.call("bp_debug_plan", arguments, ToolContext(caller=Caller.PERSON, learner=learner))


def debug(services, language, code, plan, **more):
    arguments = {"language": language, "code": code, "problem_id": "two-sum", "plan": plan, **more}
    result = call(services, arguments)
    assert result.get("status") != "error", result
    return result


def step(result, number):
    return result["steps"][number - 1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_broken_expectation_is_found_on_the_failing_input_with_its_variables(services, language):
    plan = [
        {"text": "remember each number's index in a map"},
        {"text": "look for the complement among the numbers before it", "lines": [5], "expect": EARLIER[language]},
    ]
    result = debug(services, language, STORES_FIRST[language], plan)
    assert result["tests"]["passed"] < result["tests"]["total"] == 3
    assert result["tests"]["failing_test"] is not None
    assert result["input"] == "[3,2,4], 6"  # the first failing example
    assert result["outcome"] == "broken" and result["first_broken"] == 2
    broken = step(result, 2)
    assert broken["status"] == "broken" and broken["ran"] and broken["ran_lines"] == [5]
    assert broken["broken_at"]["line"] == 5
    assert broken["broken_at"]["variables"]["i"] == "0"
    assert "3" in broken["broken_at"]["variables"]["seen"]
    assert step(result, 1)["status"] == "unchecked"
    report = result["report"]
    assert "Step 2 (look for the complement among the numbers before it) ran on line 5" in report
    assert f"your expectation `{EARLIER[language]}` stopped holding on line 5" in report
    assert "i = 0" in report
    assert result["structures"], "the map at the broken expectation is drawn"
    assert result["structures"][0]["source"]["variable"] == "seen"
    assert result["flow"] is not None and result["flow"]["content"]
    assert result["trace_id"] and result["trace_id"].startswith("trace_")


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_expectation_that_holds_everywhere_is_counted_and_recorded(services, language):
    plan = [{"text": "look before storing", "lines": [4], "expect": EARLIER[language]}]
    result = debug(services, language, LOOKS_FIRST[language], plan)
    assert result["tests"] == {"passed": 3, "total": 3, "verdict": "AC", "failing_test": None}
    assert result["input"] == "[2,7,11,15], 9"  # every test passes: the first example
    assert result["outcome"] == "held"
    assert step(result, 1)["status"] == "held" and step(result, 1)["evaluations"] == 2
    assert "held each of the 2 times it was checked" in result["report"]
    assert result["structures"] == [] and result["first_broken"] is None
    checks = services.plans.checks("ada", "two-sum")
    assert len(checks) == 1 and checks[0].held == 1 and checks[0].broken == 0 and checks[0].tests_passed


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_expectation_on_lines_that_never_run_is_never_reached(services, language):
    last = next(n for n, text in enumerate(LOOKS_FIRST[language].splitlines(), 1) if "return []" in text)
    plan = [
        {"text": "look before storing", "lines": [4], "expect": EARLIER[language]},
        {
            "text": "give up when nothing adds up",
            "lines": [last],
            "expect": "i >= 0" if language == "python" else "true",
        },
    ]
    result = debug(services, language, LOOKS_FIRST[language], plan)
    assert result["outcome"] == "never_reached"
    assert step(result, 1)["status"] == "held"
    unreached = step(result, 2)
    assert unreached["status"] == "never_reached" and not unreached["ran"] and unreached["evaluations"] == 0
    assert f"line {last} never ran on input [2,7,11,15], 9" in result["report"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unparseable_expectation_is_unreadable_and_the_others_still_run(services, language):
    plan = [
        {"text": "look for the complement", "lines": [5], "expect": "i <"},
        {"text": "look for the complement among the numbers before it", "lines": [5], "expect": EARLIER[language]},
    ]
    result = debug(services, language, STORES_FIRST[language], plan)
    unreadable = step(result, 1)
    assert unreadable["status"] == "unreadable" and unreadable["evaluations"] == 0
    kind = "Python" if language == "python" else "JavaScript"
    assert unreadable["error"].startswith(f"`i <` is not a {kind} expression")
    assert step(result, 2)["status"] == "broken"
    assert result["outcome"] == "broken"
    assert unreadable["error"] in result["report"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_misspelt_name_is_unreadable_with_the_childs_error(services, language):
    plan = [{"text": "look before storing", "lines": [4], "expect": "seeen.size >= 0"}]
    result = debug(services, language, LOOKS_FIRST[language], plan)
    misspelt = step(result, 1)
    assert result["outcome"] == "unreadable"
    assert misspelt["status"] == "unreadable" and misspelt["evaluations"] == 2
    assert ("NameError" if language == "python" else "ReferenceError") in misspelt["error"]
    assert "seeen" in misspelt["error"] and "every time it was checked" in misspelt["error"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_expectation_that_would_change_the_state_is_refused_before_the_run(services, language):
    change = "seen.pop(0) is None" if language == "python" else "seen.delete(0) || true"
    plan = [{"text": "look before storing", "lines": [4], "expect": change}]
    result = debug(services, language, LOOKS_FIRST[language], plan)
    assert step(result, 1)["status"] == "unreadable"
    assert "would change the program's state" in step(result, 1)["error"]
    assert result["tests"]["passed"] == 3


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_plan_without_lines_has_them_guessed_and_says_so(services, language):
    plan = [
        {"text": "make an empty map from number to index"},
        {"text": "loop over the numbers"},
        {"text": "if the complement is in the map, return both indexes", "expect": EARLIER[language]},
    ]
    result = debug(services, language, LOOKS_FIRST[language], plan)
    assert result["guessed"] is True
    assert all(s["lines_guessed"] for s in result["steps"])
    assert step(result, 1)["lines"] == [2]
    assert step(result, 2)["lines"] == [3]
    assert step(result, 3)["lines"] and min(step(result, 3)["lines"]) >= 4
    assert "were guessed" in result["report"]


def test_the_stored_plan_is_checked_when_none_is_given(services):
    services.plans.save("ada", Plan("two-sum", "python", (PlanStep("look before storing", (4,), EARLIER["python"]),)))
    result = call(services, {"language": "python", "code": LOOKS_FIRST["python"], "problem_id": "two-sum"})
    assert result["outcome"] == "held"


def test_input_data_is_traced_instead_of_a_test(services):
    plan = [{"text": "look before storing", "lines": [4], "expect": EARLIER["python"]}]
    result = debug(services, "python", LOOKS_FIRST["python"], plan, input_data="[1,5,9], 14")
    assert result["input"] == "[1,5,9], 14" and step(result, 1)["evaluations"] == 3


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"language": "python", "code": "x = 1", "plan": [{"text": "s", "lines": ["4"]}]}, "plan"),
        ({"language": "python", "code": "x = 1", "plan": [{"text": "s", "lines": [0]}]}, "plan"),
        ({"language": "python", "code": "x = 1", "plan": [{"text": ""}]}, "plan"),
        ({"language": "python", "code": "x = 1"}, "plan"),
        ({"language": "cobol", "code": "x = 1", "plan": [{"text": "s"}]}, "language"),
        ({"language": "python", "code": "x = 1", "plan": [{"text": "s"}], "timeout_seconds": 11}, "timeout_seconds"),
    ],
)
def test_bad_arguments_are_the_registrys_error_object(services, arguments, field):
    result = call(services, arguments)
    assert result["status"] == "error" and result["error_code"] == "INVALID_ARGUMENTS", result
    assert any(e["field"].startswith(field) for e in result["field_errors"]), result


def test_an_unknown_problem_is_not_found(services):
    result = call(services, {"language": "python", "code": "x = 1", "problem_id": "no-such", "plan": [{"text": "s"}]})
    assert result["status"] == "error" and result["error_code"] == "NOT_FOUND", result
