"""Tests a run never reached are listed as not run, with why; never a pass, never a failure."""

import pytest

from codementor_desktop.analysis.evidence import read_run
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits

FAST = Limits(timeout_seconds=1, run_seconds=5, memory_mb=128)
F = {"name": "f", "params": [{"name": "x", "type": "int"}]}
TESTS = [{"test_id": i, "input": str(i), "expected_output": str(i)} for i in (1, 2, 3, 4)]
CODE = {
    "python": {
        "loop": "def f(x):\n    while x == 2:\n        pass\n    return x\n",
        "exit": "import os\n\ndef f(x):\n    if x == 2:\n        os._exit(0)\n    return x\n",
    },
    "javascript": {
        "loop": "function f(x) {\n  while (x === 2) {}\n  return x;\n}\n",
    },
}
LANGUAGES = [
    "python",
    pytest.param(
        "javascript", marks=pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")
    ),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_after_a_tle_the_remaining_tests_are_listed_as_not_run(executor, language):
    run = executor.judge(code=CODE[language]["loop"], language=language, tests=TESTS, limits=FAST, function=F)
    tests = run["test_results"]
    assert [t["verdict"] for t in tests] == ["AC", "TLE", None, None]
    assert [t.get("status") for t in tests[2:]] == ["not_run", "not_run"]
    assert tests[2]["reason"] == "not run: test 2 ran out of time"
    assert not tests[2]["passed"] and "covered_lines" not in tests[2]
    assert run["verdict"] == "TLE" and run["tests_run"] == 2 and run["tests_total"] == 4
    assert not run["all_passed"] and run["pass_rate"] == 0.25
    evidence = read_run(run)
    assert [t.verdict for t in evidence.tests] == ["AC", "TLE"]  # the not-run tests are no evidence


def test_after_the_code_ends_its_process_the_rest_are_not_run_and_the_run_is_not_accepted(executor):
    # (JavaScript's process.exit is caught by its harness: an RE on that test, and the run goes on.)
    run = executor.judge(code=CODE["python"]["exit"], language="python", tests=TESTS, limits=FAST, function=F)
    tests = run["test_results"]
    assert [t["verdict"] for t in tests] == ["AC", "RE", None, None]
    assert tests[3]["reason"] == "not run: test 2 ended the program"
    assert run["verdict"] == "RE"


def test_execute_code_with_per_test_coverage_measures_only_the_tests_that_ran(executor):
    run = executor.judge(
        code=CODE["python"]["loop"], language="python", tests=TESTS, limits=FAST, function=F, per_test_coverage=True
    )
    covered = {t["test_id"]: t.get("covered_lines") for t in run["test_results"]}
    assert covered == {1: [2, 4], 2: [2, 3], 3: None, 4: None}
