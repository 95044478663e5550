"""Every reference solution, run through the real runner against all of its problem's tests.

Slow solutions are judged by counting (line events), never by waiting for a time limit: the
count of the slow one on the largest generated input is cut off as soon as it passes ten times
the reference's.
"""

import pytest

from codementor_desktop.problems.bank import load_bank
from codementor_desktop.problems.judging import function_spec, visible_tests
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.runner.hidden_tests import GeneratedTests
from codementor_desktop.runner.protocol import Limits
from codementor_desktop.tools.execution import hidden_tests

PROBLEMS = load_bank([builtin_problems_dir()]).all()
LIMITS = Limits(timeout_seconds=10, run_seconds=60, memory_mb=512)


def judge(executor, problem, code, tests, language="python", **extra):
    return executor.judge(
        code=code, language=language, tests=tests, limits=LIMITS, function=function_spec(problem, language),
        compare=problem.compare, checker=problem.checker, **extra,
    )  # fmt: skip


def failures(result):
    return [
        (t["test_id"], t["verdict"], t.get("error_message") or t.get("actual_output"))
        for t in result["test_results"]
        if not t["passed"]
    ]


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.id)
def test_python_reference_slow_solution_and_starter(problem, executor, tmp_path):
    generated = GeneratedTests(executor, tmp_path)
    tests = visible_tests(problem) + hidden_tests(problem, generated)
    result = judge(executor, problem, problem.solutions.python, tests)
    assert result["verdict"] == "AC", failures(result)
    assert result["tests_run"] == len(tests)

    slow = judge(executor, problem, problem.solutions.python_slow, visible_tests(problem))
    assert slow["verdict"] == "AC", failures(slow)

    starter = judge(executor, problem, problem.starter.python, visible_tests(problem))
    assert starter["verdict"] != "CE" and not starter["all_passed"]

    if _asymptotic_gap(problem):
        largest = [hidden_tests(problem, generated)[-1]]
        reference = judge(executor, problem, problem.solutions.python, largest, count_lines=True)
        count = reference["test_results"][0]["line_events"]
        budget = 10 * max(count, 1)
        counted = judge(executor, problem, problem.solutions.python_slow, largest, count_lines=True, line_budget=budget)
        slow_count = counted["test_results"][0].get("line_events", budget + 1)
        assert counted["test_results"][0]["verdict"] == "TLE" or slow_count >= budget, (
            f"{problem.id}: slow {slow_count} vs reference {count} line events"
        )


def _asymptotic_gap(problem) -> bool:
    def norm(text: str) -> str:
        return text.replace(" ", "").replace("²", "^2").lower()

    return norm(problem.solutions.python_slow_time) != norm(problem.complexity.time)


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p.id)
def test_javascript_reference_and_starter(problem, executor, tmp_path):
    if "javascript" not in getattr(executor.backend, "languages", ("python",)):
        pytest.skip("no Node.js on this machine: JavaScript references need Node 18+ (selftest says so)")
    generated = GeneratedTests(executor, tmp_path)
    tests = visible_tests(problem) + hidden_tests(problem, generated)
    result = judge(executor, problem, problem.solutions.javascript, tests, language="javascript")
    assert result["verdict"] == "AC", failures(result)
    starter = judge(executor, problem, problem.starter.javascript, visible_tests(problem), language="javascript")
    assert starter["verdict"] != "CE" and not starter["all_passed"]
