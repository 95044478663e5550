"""A tool call in a person's words: every tool of the catalog is called through the real registry
(the learner's code in a real child), and what a card says while it runs and once it answered
names no tool and no error code; a refused call says what could not be done and why."""

from __future__ import annotations

import re

import pytest

from codementor_desktop.domain.vocabulary import Caller, ErrorCode
from codementor_desktop.tools.catalog import DECLARED_BY
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tutor.summaries import DOING, doing, names_a_tool, summarize
from tests.integration.test_generate_hint import SAME_INDEX_TWICE

WRONG = SAME_INDEX_TWICE  # pairs a position with itself: test 2 fails
GOOD = (
    "def two_sum(nums, target):\n"
    "    seen = {}\n"
    "    for i, x in enumerate(nums):\n"
    "        if target - x in seen:\n"
    "            return [seen[target - x], i]\n"
    "        seen[x] = i\n"
)
JS_WRONG = "function twoSum(nums, target) {\n  return [0, 0];\n}\n"
TOOLS = sorted(name for names in DECLARED_BY.values() for name in names)
RAW = re.compile(r"\b(" + "|".join(TOOLS) + r")\b")
CODES = re.compile(r"\b(" + "|".join(code.value for code in ErrorCode) + r")\b")


class Seat:
    """The tutor of a session, as the tutoring tools reach it: a fixed deeper question."""

    session_id = "session-summaries"

    def ask_deeper(self, reason: str, topic: str | None) -> tuple[str, str]:
        return "deep-model", "What must be true of the two indices you return?"

    def flagged_insights(self) -> list[str]:
        return ["i and j must differ"]


@pytest.fixture(scope="module")
def called(tmp_path_factory):
    """Each tool called as a model calls it, in order (a trace before the tools that read one, the
    learner's data deleted last): ``(name, arguments, result)``."""
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CODEMENTOR_HOME", str(home))
        patch.setenv("CODEMENTOR_SYSTEM_CONFIG", str(home / "system"))
        patch.setenv("CODEMENTOR_USER", "ada")
        services = Services.build(credentials=Credentials(use_keyring=False))
        context = ToolContext(caller=Caller.PERSON, learner="ada", tutor=Seat())
        made: list[tuple[str, dict, dict]] = []

        def call(name: str, arguments: dict) -> dict:
            result = services.registry.call(name, arguments, context)
            made.append((name, arguments, result))
            return result

        base = {"language": "python", "problem_id": "two-sum"}
        run = call("execute_code", {**base, "code": WRONG, "test_cases": []})
        call("execute_code", {**base, "code": GOOD, "test_cases": []})
        call("execute_code", {"language": "javascript", "problem_id": "two-sum", "code": JS_WRONG, "test_cases": []})
        call("bp_execute", {"language": "python", "code": WRONG, "input_data": [3, 2, 4], "target_value": 6})
        tests = "from solution import two_sum\n\ndef test_pair():\n    assert two_sum([3, 2, 4], 6) == [1, 2]\n"
        call("bp_run_tests", {"language": "python", "code": WRONG, "test_code": tests, "test_framework": "pytest"})
        trace = call("bp_trace", {**base, "code": WRONG, "input_data": "[3,2,4], 6"})
        call("bp_breakpoint", {**base, "code": WRONG, "test_id": 2, "condition": "i == j"})
        plan = [{"text": "look at every later number", "lines": [4], "expect": "j > i"}]
        call("bp_debug_plan", {**base, "code": WRONG, "plan": plan})
        call("bp_visualize_structure", {"structure_type": "array", "data": [3, 2, 4], "pointers": {"i": 0}})
        call("bp_execution_diagram", {"trace_data": {"trace_id": trace["trace_id"]}})
        call("bp_variable_history", {"trace_data": {"trace_id": trace["trace_id"]}, "variable_names": ["i", "j"]})
        call("bp_find_edge_cases", {**base, "code": WRONG, "budget_s": 2})
        analysis = call(
            "analyze_code_patterns",
            {**base, "code": WRONG, "test_results": {"run_id": run["run_id"]}, "measure": False},
        )
        call("flag_incorrect_analysis", {"attempt_id": analysis["attempt_id"], "feedback": "it is not that"})
        call("get_personalized_recommendation", {})
        call("get_user_progress", {})
        call("flag_recommendation", {"problem_id": "climbing-stairs", "kind": "skip"})
        call("schedule_mock_interview", {"difficulty": "easy", "at": "2099-01-02T09:30"})
        call("compare_with_peers", {"problem_id": "two-sum"})
        call("escalate_for_insight", {"reason": "The learner keeps pairing an element with itself"})
        call("generate_hint", {"problem_id": "two-sum", "current_code": WRONG, "hint_level": 2})
        call("save_code_snapshot", {"problem_id": "two-sum", "code": WRONG, "name": "before the fix"})
        call("list_code_history", {"problem_id": "two-sum"})
        exported = call("export_learner_data", {})
        call("import_learner_data", {"export": exported["export"]})
        call("conclude_session", {"summary_title": "Two Sum", "final_insight": "Two different indices, found once."})
        call("delete_learner_data", {"confirm": True})
        # No tool has this argument: every one refuses the call.
        wrong = {"no_such_argument": 1}
        refused = [(name, wrong, services.registry.call(name, wrong, context)) for name in [*TOOLS, "no_such_tool"]]
        services.close()
    return made, refused


def said(called, name: str, index: int = 0) -> str:
    made, _ = called
    name_, arguments, result = [call for call in made if call[0] == name][index]
    assert result.get("status") != "error" or "error_code" not in result, result
    return summarize(name_, result, arguments)


def test_every_tool_of_the_catalog_has_its_words(called):
    made, _ = called
    assert sorted(DOING) == TOOLS
    assert {name for name, _a, _r in made} == set(TOOLS)  # each was called, and answered
    for name, arguments, result in made:
        assert "error_code" not in result, (name, result)
        for line in (doing(name, arguments), doing(name), summarize(name, result, arguments), summarize(name, result)):
            assert line and not RAW.search(line) and not CODES.search(line), (name, line)
            assert not names_a_tool(line)
            assert "\n" not in line and len(line) <= 200


def test_a_run_says_what_failed_or_that_all_pass(called):
    assert said(called, "execute_code", 0) == "Ran your code: test 2 fails on input [3,2,4], 6; 1 of 3 pass"
    assert said(called, "execute_code", 1) == "Ran your code: all 3 examples pass"
    assert said(called, "execute_code", 2).startswith("Ran your code: test 1 fails on input [2,7,11,15], 9")
    assert doing("execute_code", {"test_cases": []}) == "Running your code on the examples…"
    assert doing("execute_code", {"test_cases": [{"input": "[1], 1"}] * 2}) == "Running your code on 2 tests…"
    assert said(called, "bp_execute") == "Ran your code on [3,2,4], 6: returned [0,0]"
    assert said(called, "bp_run_tests") == "Ran your tests: test_pair fails; 0 of 1 pass"


def test_a_trace_and_the_tools_that_read_it(called):
    assert said(called, "bp_trace") == "Traced your code on [3,2,4], 6: 9 steps, returned [0, 0]"
    assert doing("bp_trace", {"problem_id": "two-sum", "test_id": 2}) == "Tracing your code on example 2…"
    assert said(called, "bp_breakpoint").startswith(
        "Ran your code to the breakpoint: the condition i == j held on line 4"
    )
    assert said(called, "bp_variable_history") == "Followed i, j over 9 steps: i changed 1 time, j changed 1 time"
    assert said(called, "bp_execution_diagram").startswith("Drew the path your code took: ")
    assert said(called, "bp_visualize_structure") == "Drew the structure: array of 3 items; i = 0"


def test_the_search_the_analysis_and_the_tutoring_tools(called):
    assert said(called, "bp_find_edge_cases").startswith("Searched for edge cases: fails on [0,0], 0")
    assert said(called, "analyze_code_patterns").startswith("Looked at your code: time O(n²), O(n) is possible")
    assert said(called, "generate_hint") == "Hint 2 of 3"
    assert said(called, "escalate_for_insight") == (
        "Asked for a deeper question: What must be true of the two indices you return?"
    )
    assert said(called, "conclude_session") == "Ended the session: Two Sum; 2 insights kept"
    assert said(called, "get_personalized_recommendation").startswith("Recommended 3 problems: ")
    assert said(called, "flag_recommendation") == "Set climbing-stairs aside for a week"
    assert said(called, "schedule_mock_interview").startswith("Booked a mock interview: ")
    assert said(called, "schedule_mock_interview").endswith("; reminder at 2099-01-02 09:30")
    assert said(called, "compare_with_peers") == "Nothing to compare on Two Sum yet"
    assert said(called, "save_code_snapshot") == "Saved a snapshot: before the fix"
    assert said(called, "list_code_history") == "Listed your saved code: 1 snapshot, 3 runs"


def test_a_submit_names_the_hidden_test_that_fails():
    run = {
        "status": "completed", "verdict": "WA", "tests_total": 40,
        "test_results": [{"test_id": 1, "passed": True, "hidden": False, "verdict": "AC"},
                         {"test_id": 1012, "passed": False, "hidden": True, "verdict": "WA", "input": "[1,1], 2"}],
        "failed_test_case": {"test_id": 1012, "input": "[1,1], 2"},
    }  # fmt: skip
    assert summarize("execute_code", run, {"include_hidden": True}) == (
        "Ran your code with the hidden tests: hidden test 1012 fails on input [1,1], 2; 1 of 40 pass"
    )
    assert doing("execute_code", {"include_hidden": True}) == "Running your code on the examples and the hidden tests…"


def test_an_edge_case_search_that_finds_nothing_counts_what_it_tried():
    result = {"status": "completed", "edge_cases": [], "examples_run": 40}
    assert summarize("bp_find_edge_cases", result) == "Searched for edge cases: none of 40 inputs fails"
    found = {"edge_cases": [{"input": {"nums": []}, "category": "empty", "verdict": "RE", "minimal": True}]}
    assert summarize("bp_find_edge_cases", found) == "Searched for edge cases: crashes on [] (empty input)"


def test_a_refused_call_says_what_could_not_be_done_and_why_without_codes(called):
    _, refused = called
    for name, _arguments, result in refused:
        assert result["status"] == "error" and result["error_code"], (name, result)
        line = summarize(name, result)
        assert line.startswith("Could not "), line
        assert not RAW.search(line) and not CODES.search(line), (name, line)
    lines = {name: summarize(name, result) for name, _a, result in refused}
    assert lines["execute_code"].startswith("Could not run the tests: the arguments are not valid: ")
    assert "code (this field is required)" in lines["execute_code"]
    assert lines["bp_trace"].startswith("Could not trace your code: ")
    assert lines["no_such_tool"] == "Could not use a tool CodeMentor does not have"


def test_a_line_of_an_older_version_is_known_by_the_names_it_shows():
    assert names_a_tool("execute_code refused: INVALID_ARGUMENTS: code is required")
    assert names_a_tool("WA: 1 of 3 tests passed") is False  # old, but it names nothing: it stays
    assert not names_a_tool("Ran your code: all 3 examples pass")


def test_a_tool_named_in_an_error_is_named_in_words():
    missing = {
        "status": "error", "error_code": "NOT_FOUND",
        "error_message": "There is no trace 'trace_1' for this learner; run bp_trace first and pass its trace_id.",
    }  # fmt: skip
    assert summarize("bp_variable_history", missing) == (
        "Could not follow your variables: there is no trace 'trace_1' for this learner; "
        "run the trace first and pass its trace_id"
    )
    spent = {
        "status": "error",
        "error_code": "ESCALATION_FAILED",
        "error_message": "I'm sorry…",
        "reason": "the budget is spent",
    }
    assert summarize("escalate_for_insight", spent) == "Could not ask for a deeper question: the budget is spent"


def test_a_plan_check_names_the_step_whose_expectation_broke(called):
    assert said(called, "bp_debug_plan") == (
        "Checked your plan on [3,2,4], 6: step 1's expectation j > i stopped holding on line 4"
    )
    assert doing("bp_debug_plan") == "Checking your plan against your code…"
