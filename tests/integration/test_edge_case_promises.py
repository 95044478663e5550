"""bp_find_edge_cases stays inside the problem's promises and its budget: a precondition and an
alphabet are obeyed, an input the reference rejects is never the learner's fault, a call returns
near its budget, graph inputs search cleanly, and a slow case reads as slow."""

import json
import time

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.edge_cases.categories import CATEGORIES, DEFAULT_CATEGORIES
from codementor_desktop.runner.protocol import Limits
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.tools.edge_cases import EXAMPLE_SECONDS


def call(services, arguments):
    return services.registry.call("bp_find_edge_cases", arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


# Goes wrong only where a value repeats: outside a promise of distinct values.
DISTINCT_ONLY = """def count(nums):
    assert len(set(nums)) == len(nums), "a repeated value"
    return len(nums)
"""
REFERENCE_COUNT = "def count(nums):\n    return len(nums)\n"


def test_an_input_that_breaks_the_precondition_never_reaches_the_learner(services):
    base = {"language": "python", "code": DISTINCT_ONLY, "reference_code": REFERENCE_COUNT,
            "input_types": {"nums": "array"}, "budget_s": 2}  # fmt: skip
    found = call(services, base)
    assert found["status"] == "completed" and found["edge_cases"], found  # the search does reach repeats

    kept = call(services, {**base, "precondition": "len(set(nums)) == len(nums)"})
    assert kept["status"] == "completed", kept
    assert kept["edge_cases"] == [], kept["edge_cases"]
    assert kept["examples_run"] > 0


def test_the_precondition_runs_in_a_child_never_in_the_app(services):
    # A precondition that never ends: in the app's process the call would hang; in its child each
    # input runs out of time, is outside the promises, and the call returns near its budget.
    started = time.perf_counter()
    result = call(services, {
        "language": "python", "code": "def f(nums):\n    raise ValueError('always')\n",
        "input_types": {"nums": "array"}, "precondition": "all(True for _ in iter(int, 1))", "budget_s": 2,
    })  # fmt: skip
    assert result["status"] == "completed", result
    assert result["edge_cases"] == [] and result["examples_run"] == 0
    assert time.perf_counter() - started < 2 + 3 * Limits(timeout_seconds=EXAMPLE_SECONDS).test_wall_seconds() + 20


@pytest.mark.parametrize(("precondition", "field"), [("len(nums) >", "precondition"), ("x = 1", "precondition")])
def test_a_precondition_that_is_no_expression_is_refused(services, precondition, field):
    result = call(services, {"language": "python", "code": REFERENCE_COUNT, "input_types": {"nums": "array"},
                             "precondition": precondition})  # fmt: skip
    assert result["error_code"] == "INVALID_ARGUMENTS"
    assert result["field_errors"][0]["field"] == field


ONLY_AB = """def f(s, words):
    if set(s) - set("ab") or any(set(w) - set("ab") for w in words):
        raise ValueError("a letter outside a and b")
    return len(s)
"""


@pytest.mark.parametrize("alphabet", [{"*": "ab"}, {"s": "ab", "words": "ba"}, {"*": "ab", "s": "b"}])
def test_every_string_keeps_the_alphabet(services, alphabet):
    base = {"language": "python", "code": ONLY_AB, "input_types": {"s": "string", "words": "string[]"},
            "test_categories": list(CATEGORIES), "budget_s": 2}  # fmt: skip
    assert call(services, base)["edge_cases"], "without an alphabet the search finds other letters"
    result = call(services, {**base, "alphabet": alphabet})
    assert result["status"] == "completed", result
    assert result["edge_cases"] == [], result["edge_cases"]


# The reference raises on an empty list (its precondition, unstated); the learner answers 0 there
# and is right everywhere else: nothing to report, on any path (explicit cases, search, polish).
REFERENCE_MAX = "def biggest(nums):\n    return max(nums)\n"
LEARNER_MAX = "def biggest(nums):\n    return max(nums) if nums else 0\n"


def test_an_input_the_reference_rejects_is_never_the_learners_fault(services):
    result = call(services, {
        "language": "python", "code": LEARNER_MAX, "reference_code": REFERENCE_MAX,
        "input_types": {"nums": "array"}, "test_categories": list(CATEGORIES), "budget_s": 2,
    })  # fmt: skip
    assert result["status"] == "completed", result
    assert "empty" in result["categories_tried"]
    assert result["edge_cases"] == [], result["edge_cases"]


# Right, but it loops for ever on a list of five or more: every such input runs out of time, and
# shrinking and polishing them was unbounded (262 s against a budget of 8).
HANGS_ON_LARGE = """def smallest_first(arr):
    while len(arr) > 4:
        pass
    return sorted(arr)
"""


def test_a_call_returns_within_its_budget_and_one_run(services):
    budget = 3.0
    started = time.perf_counter()
    result = call(services, {"language": "python", "code": HANGS_ON_LARGE, "input_types": {"arr": "array"},
                             "properties": ["sorted"], "budget_s": budget})  # fmt: skip
    elapsed = time.perf_counter() - started
    assert result["status"] == "completed", result
    assert any(case["verdict"] == "TLE" for case in result["edge_cases"])
    one_run = Limits(timeout_seconds=EXAMPLE_SECONDS).test_wall_seconds() + 1.0  # the parent's wait for one example
    # The search's own clock: the budget, one example past it, a child's restart (slow when busy).
    assert result["elapsed_ms"] <= (budget + one_run + 5.0) * 1000, result["elapsed_ms"]
    # The whole call: the children's start and end besides (generous on a busy machine; unbounded was 262 s).
    assert elapsed <= budget + one_run + 20, elapsed


@pytest.mark.parametrize("graph", ["edge_list", "graph", "adjacency list", "edges"])
def test_graph_inputs_search_every_category(services, graph):
    code = "def components(n, edges):\n    return n\n"
    result = call(services, {"language": "python", "code": code, "input_types": {"n": "int", "edges": graph},
                             "test_categories": list(CATEGORIES), "budget_s": 1})  # fmt: skip
    assert result["status"] == "completed", result
    assert set(DEFAULT_CATEGORIES) <= set(result["categories_tried"])
    assert {"disconnected", "cycle"} <= set(result["categories_tried"])
    json.dumps(result)


# Climbing stairs (n up to 75) by plain recursion: right, and out of time from about 30 steps.
PLAIN_RECURSION = """def climb_stairs(n):
    return n if n <= 2 else climb_stairs(n - 1) + climb_stairs(n - 2)
"""


def test_a_case_that_is_only_too_slow_is_labelled_too_slow(services):
    result = call(services, {"language": "python", "code": PLAIN_RECURSION, "problem_id": "climbing-stairs",
                             "budget_s": 6})  # fmt: skip
    assert result["status"] == "completed", result
    assert result["edge_cases"], "the largest inputs run out of time"
    assert {case["verdict"] for case in result["edge_cases"]} == {"TLE"}, "never a wrong value"
    for case in result["edge_cases"]:
        assert case["learner_output"] is None and case["too_slow"]["time_limit_s"] == EXAMPLE_SECONDS
    counted = result["edge_cases"][0]["too_slow"]
    assert counted["reference_operations"] > 0, counted
    assert counted["operations"] > counted["reference_operations"] and counted["finished"] is False, counted


# Accepted two-sums that differ from the reference only outside the statement's promise of
# exactly one pair: no pair gives None, several pairs give another one than the reference's.
TWO_SUM_DICT = """def two_sum(nums, target):
    where = {value: i for i, value in enumerate(nums)}
    for i, value in enumerate(nums):
        j = where.get(target - value)
        if j is not None and j != i:
            return sorted([i, j])
    return None
"""
TWO_SUM_BRUTE = """def two_sum(nums, target):
    for j in range(len(nums) - 1, 0, -1):
        for i in range(j - 1, -1, -1):
            if nums[i] + nums[j] == target:
                return [i, j]
"""


@pytest.mark.parametrize("code", [TWO_SUM_DICT, TWO_SUM_BRUTE], ids=["dict", "brute_force"])
def test_an_accepted_two_sum_is_never_called_wrong(services, code):
    result = call(services, {"language": "python", "code": code, "problem_id": "two-sum", "budget_s": 4})
    assert result["status"] == "completed", result
    assert result["examples_run"] > 0
    assert result["edge_cases"] == [], result["edge_cases"]


def test_an_input_the_problems_checker_refuses_is_never_reported():
    """A checker that refuses the reference's own answer on an input (an empty list has no largest
    value) says the input is outside what it was written for: no case there, on any path."""
    from dataclasses import replace

    from codementor_desktop.edge_cases.params import loose_signature
    from codementor_desktop.edge_cases.search import EdgeSearch
    from codementor_desktop.runner.batches import BatchChild
    from codementor_desktop.runner.local import LocalRunner

    checker = "def check(args, expected, actual):\n    return bool(args[0]) and actual == expected\n"
    reference = "def biggest(nums):\n    return max(nums) if nums else None\n"
    learner = "def biggest(nums):\n    return max(nums) if nums else 0\n"
    runner = LocalRunner()
    signature = loose_signature({"nums": "array"})
    function = {"params": signature.function_params()}

    def search(compare, checker_source):
        stated = replace(signature, compare=compare, checker=checker_source)
        children = [BatchChild(runner, "python", code, function=function) for code in (learner, reference)]
        try:
            return EdgeSearch(stated, *children, categories=list(CATEGORIES), budget_s=1.5).run()
        finally:
            for child in children:
                child.close()

    assert search("exact", None).edge_cases  # compared exactly, the empty list is told apart
    assert search("checker", checker).edge_cases == []


def test_a_wrong_two_sum_is_still_found_inside_the_promise(services):
    short_by_one = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(i + 1, len(nums) - 1):
            if nums[i] + nums[j] == target:
                return [i, j]
    return []
"""
    result = call(services, {"language": "python", "code": short_by_one, "problem_id": "two-sum", "budget_s": 4})
    assert result["edge_cases"], result
    for case in result["edge_cases"]:
        nums, target = case["input"]["nums"], case["input"]["target"]
        pairs = [(i, j) for i in range(len(nums)) for j in range(i + 1, len(nums)) if nums[i] + nums[j] == target]
        assert len(pairs) == 1, case  # exactly one pair, as the statement promises
