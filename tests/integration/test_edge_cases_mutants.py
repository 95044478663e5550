"""A fixed sample of the benchmark's planted bugs (``benchmarks/edge_cases.py``): each mutant of a
bank reference solution fails one of its problem's tests, and the search finds a counterexample
for it within the default budget, the problem's reference as the oracle."""

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.problems.judging import function_spec, visible_tests
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.execution import hidden_tests
from tests.mutation import mutants

SAMPLE = [
    ("python", "balance-index", "guard_removed", 0),
    ("python", "balanced-brackets", "guard_removed", 0),
    ("python", "climbing-stairs", "off_by_one", 1),
    ("python", "coin-change", "comparison_swapped", 1),
    ("python", "decode-ways", "off_by_one", 0),
    ("python", "course-schedule", "off_by_one", 1),
    ("javascript", "alien-dictionary", "comparison_swapped", 2),
    ("javascript", "balance-index", "guard_removed", 0),
    ("javascript", "climbing-stairs", "comparison_swapped", 0),
    ("javascript", "coin-change", "comparison_swapped", 1),
    ("javascript", "kth-smallest-bst", "off_by_one", 1),
    ("javascript", "decode-ways", "comparison_swapped", 0),
]


@pytest.mark.parametrize(("language", "problem_id", "operator", "site"), SAMPLE)
def test_a_planted_bug_is_found(services, language, problem_id, operator, site):
    if language == "javascript" and find_node()[0] is None:
        pytest.skip("no Node.js 18+ on this machine")
    problem = services.bank.get(problem_id)
    mutant = next(
        m for m in mutants(problem.reference_solution(language), language) if (m.operator, m.site) == (operator, site)
    )
    judged = services.executor.judge(
        code=mutant.code, language=language, tests=visible_tests(problem) + hidden_tests(problem, services.generated),
        limits=Limits(timeout_seconds=2.0), function=function_spec(problem, language), compare=problem.compare,
    )  # fmt: skip
    assert not judged["all_passed"], "a kept mutant fails one of its problem's tests"
    result = services.registry.call(
        "bp_find_edge_cases",
        {"language": language, "code": mutant.code, "problem_id": problem_id},
        ToolContext(caller=Caller.PERSON, learner="ada"),
    )
    assert result["status"] == "completed", result
    assert result["edge_cases"], f"no counterexample in {result['examples_run']} examples"
    assert result["edge_cases"][0]["minimal"]
