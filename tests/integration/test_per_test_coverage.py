"""Per-test line coverage of execute_code: an untimed second pass, real children in both languages."""

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits, judge_job
from codementor_desktop.tools.context import ToolContext

FAST = Limits(timeout_seconds=1, run_seconds=5, memory_mb=128)
CLAMP = {"name": "clamp", "params": [{"name": "x", "type": "int"}]}
TESTS = [
    {"test_id": 1, "input": "1", "expected_output": "1"},
    {"test_id": 2, "input": "5", "expected_output": "10"},  # the bug: 5 gives 11
    {"test_id": 3, "input": "7", "expected_output": "15"},  # passes, through the same lines
]
PYTHON = """LIMIT = 2


def clamp(x):
    if x > LIMIT:
        y = x * 2
        return y + 1
    return x
"""
JAVASCRIPT = """const LIMIT = 2;

function clamp(x) {
  if (x > LIMIT) {
    const y = x * 2;
    return y + 1;
  }
  return x;
}
"""
# The lines each test's call ran (the module's own lines, 1 and the def, are left out).
EXPECTED = {
    "python": {1: [5, 8], 2: [5, 6, 7], 3: [5, 6, 7]},
    "javascript": {1: [4, 8], 2: [4, 5, 6], 3: [4, 5, 6]},
}
CODE = {"python": PYTHON, "javascript": JAVASCRIPT}
LANGUAGES = [
    "python",
    pytest.param(
        "javascript", marks=pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")
    ),
]


def lines_of(run):
    return {t["test_id"]: t.get("covered_lines") for t in run["test_results"]}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_test_that_ran_gets_the_lines_its_call_ran(executor, language):
    run = executor.judge(
        code=CODE[language], language=language, tests=TESTS, limits=FAST, function=CLAMP, per_test_coverage=True
    )
    assert [t["verdict"] for t in run["test_results"]] == ["AC", "WA", "AC"]
    assert lines_of(run) == EXPECTED[language]
    assert run["coverage"] == {"available": True, "per_test": True, "reason": None}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_all_passed_run_has_no_pass_and_says_why(executor, language):
    right = [
        {**t, "expected_output": str(int(t["input"]) * 2 + 1 if int(t["input"]) > 2 else t["input"])} for t in TESTS
    ]
    run = executor.judge(
        code=CODE[language], language=language, tests=right, limits=FAST, function=CLAMP, per_test_coverage=True
    )
    assert run["verdict"] == "AC"
    assert all("covered_lines" not in t for t in run["test_results"])
    assert run["coverage"]["available"] is False
    assert "every test passed" in run["coverage"]["reason"]


LOOPS = {
    "python": "def clamp(x):\n    i = 0\n    while x > 2:\n        i += 1\n    return x\n",
    "javascript": "function clamp(x) {\n  let i = 0;\n  while (x > 2) {\n    i++;\n  }\n  return x;\n}\n",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_test_that_loops_forever_keeps_the_lines_it_reached_and_the_run_ends(executor, language):
    tests = [{**TESTS[0]}, {**TESTS[1]}]
    run = executor.judge(
        code=LOOPS[language], language=language, tests=tests, limits=FAST, function=CLAMP, per_test_coverage=True
    )
    # The timed run stopped at test 2 (TLE): both tests that ran are measured, test 2 up to its cap.
    assert [t["verdict"] for t in run["test_results"]][:2] == ["AC", "TLE"]
    covered = lines_of(run)
    assert covered[1] == [2, 3, 5] if language == "python" else covered[1] == [2, 3, 6]
    assert covered[2] == [2, 3, 4]
    assert run["coverage"]["capped_tests"] == [2]


def test_the_pass_is_not_timed_a_traced_slow_test_keeps_its_verdict(executor):
    """A test near its time limit untraced would exceed it traced: the verdicts are the timed run's."""
    code = "def clamp(x):\n    total = 0\n    for i in range(300000):\n        total += i % 3\n    return x\n"
    tests = [{"test_id": 1, "input": "1", "expected_output": "1"}, {"test_id": 2, "input": "5", "expected_output": "6"}]
    run = executor.judge(
        code=code, language="python", tests=tests, limits=Limits(timeout_seconds=2), function=CLAMP,
        per_test_coverage=True,
    )  # fmt: skip
    assert [t["verdict"] for t in run["test_results"]] == ["AC", "WA"]
    assert lines_of(run)[2] == [2, 3, 4, 5]


def test_the_coverage_job_carries_no_expected_output():
    tests = [{"test_id": 1, "input": "1", "expected_output": "SECRET"}]
    job = judge_job("python", PYTHON, FAST, tests=tests, function=CLAMP, cover={"steps": 10, "total": 10})
    assert "SECRET" not in str(job)
    assert job["cover"] == {"steps": 10, "total": 10}


def test_execute_code_keeps_the_lines_in_the_stored_run(services):
    context = ToolContext(caller=Caller.PERSON, learner="ada")
    cases = [{"test_id": t["test_id"], "input": t["input"], "expected_output": t["expected_output"]} for t in TESTS]
    result = services.registry.call(
        "execute_code",
        {"problem_id": "free", "code": PYTHON, "language": "python", "entry_point": "clamp", "test_cases": cases},
        context,
    )
    assert lines_of(result) == {1: [5, 8], 2: [5, 6, 7], 3: [5, 6, 7]}
    stored = services.runs.get(result["run_id"])
    assert lines_of(stored) == lines_of(result)
    assert stored["coverage"]["per_test"] is True


def _free(services, code, cases, **more):
    arguments = {"problem_id": "free", "code": code, "language": "python", "test_cases": cases, **more}
    return services.registry.call("execute_code", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


def test_free_tests_compare_exactly_unless_told_otherwise(services):
    code = "def third(x):\n    return x / 3\n"
    cases = [{"input": "1", "expected_output": "0.3333333"}]
    assert _free(services, code, cases)["verdict"] == "WA"
    assert _free(services, code, cases, compare="float_tolerance")["verdict"] == "AC"
    assert _free(services, code, cases, compare="float_tolerance", tolerance=1e-9)["verdict"] == "WA"
    listed = "def pair(x):\n    return [x, 1]\n"
    assert _free(services, listed, [{"input": "2", "expected_output": "[1, 2]"}])["verdict"] == "WA"
    assert (
        _free(services, listed, [{"input": "2", "expected_output": "[1, 2]"}], compare="unordered")["verdict"] == "AC"
    )


def test_a_bank_problem_keeps_its_own_compare_mode(services):
    problem = services.bank.get("two-sum")
    other = "float_tolerance" if problem.compare != "float_tolerance" else "exact"
    arguments = {"problem_id": "two-sum", "code": "def f(): pass\n", "language": "python", "test_cases": []}
    refused = services.registry.call(
        "execute_code", {**arguments, "compare": other}, ToolContext(caller=Caller.PERSON, learner="ada")
    )
    assert refused["error_code"] == "INVALID_ARGUMENTS" and "own mode" in refused["error_message"]
    same = services.registry.call(
        "execute_code", {**arguments, "compare": problem.compare}, ToolContext(caller=Caller.PERSON, learner="ada")
    )
    assert "error_code" not in same
