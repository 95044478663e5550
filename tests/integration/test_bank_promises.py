"""The bank's validation holds every example and test to its problem's own promises: the bounds of
its ``[inputs]`` table, and its precondition, judged in a restricted child."""

import tomllib

import pytest

from codementor_desktop.edge_cases.promises import broken_promises
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.problems.model import Problem
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.runner.local import LocalRunner
from codementor_desktop.tools.edge_cases import problem_signature

BANK = load_bank([builtin_problems_dir()])


def test_every_example_and_test_of_the_bank_keeps_its_problems_promises():
    # One child per problem with a precondition; the bounds are read here. Before the content was
    # fixed, three examples of exactly-k-distinct-subarrays (k above the length, values above it)
    # and a product-except-self test (eleven 30s, over its 10^15 product bound) broke them.
    runner = LocalRunner()
    broken = [line for problem in BANK.all() for line in broken_promises(problem, problem_signature(problem), runner)]
    assert broken == []


def two_sum(**changes) -> Problem:
    data = tomllib.loads(BANK.sources["two-sum"].read_text(encoding="utf-8"))
    return Problem.model_validate({**data, **changes})


def example(text: str) -> dict[str, str]:
    return {"input": text, "output": "[0,1]"}


def test_an_example_that_breaks_the_precondition_or_a_bound_is_named():
    problem = two_sum(
        examples=[example("[2,7,11,15], 9"), example("[1,2,3], 100"), example("[3,3,3], 6")],
        tests=[example("[1,2], 3"), example("[5,6], 3000000000")],
    )
    broken = broken_promises(problem, problem_signature(problem), LocalRunner())
    assert any("example 2" in line and "breaks the precondition" in line for line in broken), broken  # no pair
    assert any("example 3" in line and "breaks the precondition" in line for line in broken), broken  # three pairs
    assert any("test 2" in line and "target" in line and "outside" in line for line in broken), broken
    assert not any("example 1" in line or "test 1" in line for line in broken), broken


def test_a_precondition_that_fails_on_an_input_is_named_with_its_error():
    problem = two_sum(precondition="nums[5] > 0")
    broken = broken_promises(problem, problem_signature(problem), LocalRunner())
    assert any("example 1" in line and "fails on it" in line and "IndexError" in line for line in broken), broken


@pytest.mark.parametrize(
    ("precondition", "words"),
    [("len(nums) >", "not one Python expression"), ("len(numbers) > 1", "numbers"),
     ("__import__('os') is None", "dunder"), ("   ", "empty")],
)  # fmt: skip
def test_a_precondition_is_parsed_never_run_when_the_file_loads(precondition, words):
    with pytest.raises(ValueError, match=words):
        two_sum(precondition=precondition)


def test_a_precondition_may_bind_its_own_names():
    assert two_sum(precondition="all(x == y for x, y in zip(nums, nums)) and (lambda t: t)(target) == target")
