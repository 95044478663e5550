"""generate_hint through the registry: the problem's own hint at the level asked, made specific by a
real run of the visible tests and the analysis of the learner's code, and recorded in the profile."""

from __future__ import annotations

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.tools.context import ToolContext

SAME_INDEX_TWICE = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""


def hint(services, level: int, code: str = SAME_INDEX_TWICE, problem: str = "two-sum", **extra) -> dict:
    arguments = {"problem_id": problem, "current_code": code, "hint_level": level, **extra}
    return services.registry.call("generate_hint", arguments, ToolContext(caller=Caller.COACH, learner="ada"))


def test_a_wrong_answer_gets_the_problem_hint_with_the_failing_test_and_the_slow_line(services):
    result = hint(services, 2)
    two_sum = services.bank.get("two-sum")
    assert result["status"] == "success", result
    assert (result["hint_level"], result["hints_total"], result["hint"]) == (2, 3, two_sum.hints[1])
    # Specific to this code: the visible test it fails, what it returns there, and the inner loop.
    assert result["evidence"]["failing_test"]["input"] == "[3,2,4], 6"
    assert "returns [0,0], where [1,2] is expected" in result["about_your_code"]
    assert result["evidence"]["slow_line"] == {
        "line": 3, "text": "for j in range(len(nums)):", "why": result["evidence"]["slow_line"]["why"],
    }  # fmt: skip
    assert "Line 3 (`for j in range(len(nums)):`)" in result["about_your_code"]
    assert "[3,2,4], 6" in result["question"] and result["more_hints"] is True


def test_a_correct_but_slow_solution_is_told_its_slow_line_and_no_failing_test(services):
    slow = services.bank.get("two-sum").solutions.python_slow
    result = hint(services, 1, slow)
    assert result["evidence"]["verdict"] == "AC" and "failing_test" not in result["evidence"]
    assert result["evidence"]["slow_line"]["line"] == 3
    assert result["evidence"]["time_complexity"] == "O(n²)" and result["evidence"]["optimal_time"] == "O(n)"
    assert "line 3" in result["question"].lower()


def test_javascript_code_is_run_in_its_own_language(services):
    wrong = "function twoSum(nums, target) {\n  return [0, 0];\n}\n"
    result = hint(services, 1, wrong, language="javascript")
    assert result["evidence"]["failing_test"]["actual_output"] == "[0,0]", result


def test_code_that_does_not_parse_is_said_so(services):
    result = hint(services, 1, "def two_sum(nums, target)\n    return []\n")
    assert "does not parse" in result["about_your_code"], result


def test_each_level_used_is_recorded_in_the_profile_and_the_check_is_no_attempt(services):
    hint(services, 1)
    hint(services, 3)
    assert [(h.problem_id, h.level) for h in services.history.hints("ada")] == [("two-sum", 1), ("two-sum", 3)]
    # The visible tests ran for the hint, but asking for a hint is not submitting: no run is kept.
    assert services.analyses.earlier_runs("ada", "two-sum") == []


def test_a_level_past_the_problem_hints_is_a_field_error_and_nothing_is_recorded(services):
    result = hint(services, 4)
    assert result["error_code"] == "INVALID_ARGUMENTS" and result["hints_total"] == 3
    assert result["field_errors"] == [{"field": "hint_level", "message": "must be 1 to 3"}]
    assert hint(services, 0)["field_errors"][0]["field"] == "hint_level"
    assert services.history.hints("ada") == []


def test_an_unknown_problem_is_not_found_on_its_field(services):
    result = hint(services, 1, problem="no-such-problem")
    assert result["error_code"] == "NOT_FOUND"
    assert result["field_errors"] == [{"field": "problem_id", "message": "unknown problem"}]
