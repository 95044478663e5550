"""Too slow, whatever the machine: a Submit's counted operations beside the reference's, for real.

Every run here starts real children: the generation of the large tests (which counts the
reference's operations), the judged Submit, and its counted run.
"""

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.node import find_node
from codementor_desktop.tools.context import ToolContext


def submit(services, problem_id, code, language="python"):
    arguments = {"code": code, "language": language, "problem_id": problem_id, "test_cases": [], "include_hidden": True}
    return services.registry.call("execute_code", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


@pytest.mark.parametrize("problem_id", ["balance-index", "spiral-matrix-order"])
def test_the_slow_solution_is_tle_for_operations_and_the_reference_is_accepted(services, problem_id):
    problem = services.bank.get(problem_id)
    reference = submit(services, problem_id, problem.solutions.python)
    assert reference["verdict"] == "AC" and reference["status"] == "completed"
    operations = reference["operations"]
    assert operations["measured"] and operations["ratio"] == 1.0 and not operations["worse_class"]
    assert operations["message"].startswith("accepted; about as many operations as the reference at n = ")

    slow = submit(services, problem_id, problem.solutions.python_slow)
    assert slow["verdict"] == "TLE" and slow["reason"] == "operations" and slow["status"] == "error"
    assert slow["operations"]["worse_class"] and slow["operations"]["ratio"] >= 10
    assert slow["error_message"].startswith("Too slow: ")
    flagged = [t for t in slow["test_results"] if t["verdict"] == "TLE"]
    assert len(flagged) == 1 and flagged[0]["reason"] == "operations" and flagged[0]["hidden"]
    # every answer was right: only the count made it TLE
    assert all(t["passed"] for t in slow["test_results"] if t is not flagged[0])


def test_the_counts_do_not_depend_on_the_run(services):
    problem = services.bank.get("spiral-matrix-order")
    first = submit(services, "spiral-matrix-order", problem.solutions.python_slow)["operations"]
    second = submit(services, "spiral-matrix-order", problem.solutions.python_slow)["operations"]
    assert first == second


def test_a_wrong_answer_is_reported_before_any_count(services):
    result = submit(services, "two-sum", "def two_sum(nums, target):\n    return [0, 1]\n")
    assert result["verdict"] == "WA" and result["operations"]["measured"] is False


def test_run_without_the_hidden_tests_counts_nothing(services):
    problem = services.bank.get("two-sum")
    arguments = {"code": problem.solutions.python, "language": "python", "problem_id": "two-sum", "test_cases": []}
    result = services.registry.call("execute_code", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))
    assert result["verdict"] == "AC" and "operations" not in result


@pytest.mark.skipif(find_node()[0] is None, reason="JavaScript runs need Node 18+")
def test_javascript_submits_say_their_operations_are_not_counted(services):
    problem = services.bank.get("two-sum")
    result = submit(services, "two-sum", problem.solutions.javascript, language="javascript")
    assert result["verdict"] == "AC"
    assert result["operations"] == {
        "measured": False,
        "message": "Operations are counted for Python solutions only, not javascript.",
    }
