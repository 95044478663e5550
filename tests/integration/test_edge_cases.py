"""bp_find_edge_cases for real: learner code and oracles in batch children, Hypothesis driving."""

import threading
import time

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.runner.node import find_node
from codementor_desktop.runner.protocol import Limits
from codementor_desktop.tools.context import ToolContext

needs_node = pytest.mark.skipif(find_node()[0] is None, reason="no Node.js 18+ on this machine")

# The bank's binary search on a rotated list with its loop bound off by one: a one-element list
# whose only value is the target is the smallest input it gets wrong.
OFF_BY_ONE_PY = """def search_rotated(nums, target):
    lo, hi = 0, len(nums) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if nums[mid] == target:
            return mid
        if nums[lo] <= nums[mid]:
            if nums[lo] <= target < nums[mid]:
                hi = mid - 1
            else:
                lo = mid + 1
        else:
            if nums[mid] < target <= nums[hi]:
                lo = mid + 1
            else:
                hi = mid - 1
    return -1
"""
OFF_BY_ONE_JS = """function searchRotated(nums, target) {
  let lo = 0;
  let hi = nums.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nums[mid] === target) return mid;
    if (nums[lo] <= nums[mid]) {
      if (nums[lo] <= target && target < nums[mid]) hi = mid - 1;
      else lo = mid + 1;
    } else {
      if (nums[mid] < target && target <= nums[hi]) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return -1;
}
"""


def call(services, arguments, cancel=None):
    context = ToolContext(caller=Caller.PERSON, learner="ada")
    if cancel is not None:
        context.cancel = cancel
    return services.registry.call("bp_find_edge_cases", arguments, context)


def assert_shape(result):
    assert set(result) >= {
        "status", "language", "oracle", "edge_cases", "categories_tried", "categories_clean", "examples_run",
        "elapsed_ms", "stopped_by", "containment",
    }  # fmt: skip
    for case in result["edge_cases"]:
        assert set(case) == {
            "input", "category", "learner_output", "expected_output", "verdict", "error_message", "minimal",
            "too_slow",
        }  # fmt: skip


@pytest.mark.parametrize(("language", "code"), [("python", OFF_BY_ONE_PY), ("javascript", OFF_BY_ONE_JS)])
def test_off_by_one_binary_search_is_found_minimal_against_the_bank(services, language, code):
    if language == "javascript" and find_node()[0] is None:
        pytest.skip("no Node.js 18+ on this machine")
    result = call(
        services,
        {"language": language, "code": code, "problem_id": "search-rotated-sorted-array", "budget_s": 8},
    )
    assert_shape(result)
    assert result["status"] == "completed", result
    assert result["oracle"] == "problem"
    minimal = [case for case in result["edge_cases"] if case["minimal"]]
    assert len(minimal) == 1, result["edge_cases"]
    case = minimal[0]
    assert case["verdict"] == "WA"
    assert len(case["input"]["nums"]) == 1 and case["input"]["nums"][0] == case["input"]["target"]
    assert case["expected_output"] == 0 and case["learner_output"] == -1
    assert result["containment"]
    assert result["categories_tried"][:4] == ["empty", "single", "duplicates", "boundaries"]


def test_reference_code_is_the_oracle(services):
    reference = "def largest(xs):\n    return max(xs)\n"
    buggy = "def largest(xs):\n    best = 0\n    for x in xs:\n        best = max(best, x)\n    return best\n"
    result = call(
        services,
        {
            "language": "python",
            "code": buggy,
            "reference_code": reference,
            "input_types": {"xs": "array"},
            "test_categories": ["single", "negative", "sorted"],
            "budget_s": 5,
        },
    )
    assert result["status"] == "completed", result
    assert result["oracle"] == "reference_code"
    minimal = next(case for case in result["edge_cases"] if case["minimal"])
    assert minimal["input"] == {"xs": [-1]}
    assert minimal["expected_output"] == -1 and minimal["learner_output"] == 0
    assert "negative" not in result["categories_clean"]
    # The reference raises on an empty list (max of nothing): that input is never reported.
    assert all(case["input"]["xs"] for case in result["edge_cases"])


def test_without_an_oracle_a_crash_is_found(services):
    code = "def middle(arr):\n    return arr[len(arr) // 2]\n"
    result = call(services, {"language": "python", "code": code, "input_types": {"arr": "int[]"}, "budget_s": 3})
    assert result["oracle"] == "none"
    crash = next(case for case in result["edge_cases"] if case["verdict"] == "RE")
    assert crash["input"] == {"arr": []}
    assert "IndexError" in crash["error_message"]
    assert crash["category"] == "empty"
    assert "empty" not in result["categories_clean"]


def test_without_an_oracle_a_stated_property_is_checked(services):
    code = "def sort_it(arr):\n    return sorted(arr)[:-1] if len(arr) > 2 else sorted(arr)\n"
    result = call(
        services,
        {"language": "python", "code": code, "input_types": {"arr": "array"}, "properties": ["same_length"],
         "budget_s": 3},
    )  # fmt: skip
    minimal = next(case for case in result["edge_cases"] if case["minimal"])
    assert len(minimal["input"]["arr"]) == 3
    assert minimal["verdict"] == "WA" and "same_length" in minimal["error_message"]


def test_a_hung_example_is_tle_and_the_child_starts_again(services):
    # It sleeps (no CPU: only the parent's wall clock can stop it) on a list of one; the search goes
    # on in a new child and still finds the crash on the empty list, which comes after it.
    code = "import time\ndef f(arr):\n    if len(arr) == 1:\n        time.sleep(60)\n    return arr[0]\n"
    result = call(
        services,
        {"language": "python", "code": code, "input_types": {"arr": "array"},
         "test_categories": ["single", "empty"], "budget_s": 6},
    )  # fmt: skip
    verdicts = {case["verdict"] for case in result["edge_cases"]}
    assert "TLE" in verdicts and "RE" in verdicts, result["edge_cases"]
    tle = next(case for case in result["edge_cases"] if case["verdict"] == "TLE")
    assert len(tle["input"]["arr"]) == 1 and tle["category"] == "single"


def test_reference_raising_makes_the_input_skipped(services):
    # The reference refuses k > len(nums) (a precondition): the learner's crash there is no bug.
    reference = "def kth(nums, k):\n    if k > len(nums):\n        raise ValueError('k too large')\n    return sorted(nums)[k - 1]\n"
    learner = "def kth(nums, k):\n    return sorted(nums)[k - 1]\n"
    result = call(
        services,
        {"language": "python", "code": learner, "reference_code": reference,
         "input_types": {"nums": "array", "k": "int"}, "budget_s": 3},
    )  # fmt: skip
    assert result["status"] == "completed"
    assert result["edge_cases"] == [], result["edge_cases"][:3]
    assert result["examples_run"] > 0


def test_cancel_stops_within_a_second(services):
    cancel = threading.Event()
    searching = threading.Event()
    out = {}
    code = "def f(arr):\n    return sorted(arr)\n"

    def run():
        context = ToolContext(caller=Caller.PERSON, learner="ada", cancel=cancel)
        context.progress = lambda _fraction, text: "Hypothesis" in text and searching.set()
        arguments = {"language": "python", "code": code, "input_types": {"arr": "array"}, "budget_s": 30}
        out["result"] = services.registry.call("bp_find_edge_cases", arguments, context)

    worker = threading.Thread(target=run)
    worker.start()
    assert searching.wait(60), "the search never reached Hypothesis"
    # A second on an idle machine; on a busy one, as long as a few runs of a child take now.
    budget = max(1.0, 4 * one_child_run(services))
    stopped = time.perf_counter()
    cancel.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert time.perf_counter() - stopped < budget
    assert out["result"]["status"] == "cancelled"
    assert out["result"]["stopped_by"] == "cancelled"


def one_child_run(services) -> float:
    """The seconds one small run of a child takes on this machine now (its start, a line, its end)."""
    started = time.perf_counter()
    result = services.executor.execute(code="print(1)\n", language="python", limits=Limits(timeout_seconds=5))
    assert result["verdict"] == "AC", result
    return time.perf_counter() - started


def test_code_that_does_not_compile_is_ce(services):
    result = call(
        services, {"language": "python", "code": "def f(arr:\n    return 1\n", "input_types": {"arr": "array"}}
    )
    assert result["status"] == "error" and result["verdict"] == "CE"
    assert result["line_number"] == 1


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"input_types": {"arr": "array"}, "test_categories": ["sideways"]}, "test_categories.0"),
        ({"input_types": {"arr": "wibble"}}, "input_types.arr"),
        ({}, "input_types"),
        ({"input_types": {"arr": "array"}, "budget_s": 0}, "budget_s"),
        ({"problem_id": "two-sum", "properties": ["sorted"]}, "properties"),
    ],
)
def test_invalid_arguments_name_the_field(services, arguments, field):
    result = call(services, {"language": "python", "code": "def f(arr):\n    return arr\n", **arguments})
    assert result["status"] == "error" and result["error_code"] == "INVALID_ARGUMENTS", result
    assert any(error["field"] == field for error in result["field_errors"]), result["field_errors"]


@needs_node
def test_javascript_without_an_oracle_finds_a_crash(services):
    code = "function head(arr) {\n  return arr[0].toString();\n}\n"
    result = call(services, {"language": "javascript", "code": code, "input_types": {"arr": "array"}, "budget_s": 3})
    crash = next(case for case in result["edge_cases"] if case["verdict"] == "RE")
    assert crash["input"] == {"arr": []}
    assert "TypeError" in crash["error_message"]


def test_negatives_is_still_accepted(services):
    code = "def f(arr):\n    return [x for x in arr if x >= 0]\n"
    result = call(
        services,
        {"language": "python", "code": code, "input_types": {"arr": "array"}, "test_categories": ["negatives"],
         "properties": ["same_length"], "budget_s": 1},
    )  # fmt: skip
    assert result["categories_tried"] == ["negative"]
    assert any(case["category"] == "negative" for case in result["edge_cases"])


def test_a_second_right_solution_keeps_ambiguous_inputs_out(tmp_path):
    """Where two right solutions disagree (any index of a largest value may be returned), the input
    has several right answers: the learner's different choice there is no counterexample."""
    from codementor_desktop.edge_cases.params import loose_signature
    from codementor_desktop.edge_cases.search import EdgeSearch
    from codementor_desktop.runner.batches import BatchChild
    from codementor_desktop.runner.local import LocalRunner

    first = "def argmax(xs):\n    return xs.index(max(xs))\n"
    last = "def argmax(xs):\n    return len(xs) - 1 - xs[::-1].index(max(xs))\n"
    runner = LocalRunner()
    signature = loose_signature({"xs": "array"})
    function = {"params": signature.function_params()}

    def search(witness_code):
        children = [BatchChild(runner, "python", code, function=function) for code in (last, first)]
        witness = BatchChild(runner, "python", witness_code, function=function) if witness_code else None
        try:
            learner, oracle = children
            return EdgeSearch(signature, learner, oracle, categories=["duplicates"], budget_s=2, witness=witness).run()
        finally:
            for child in [*children, witness]:
                if child is not None:
                    child.close()

    assert search(None).edge_cases  # without a witness, a tie is "wrong"
    assert search(last).edge_cases == []  # the second right solution disagrees on every tie
