"""bp_trace, bp_breakpoint and bp_variable_history on a bank problem's input: the input is built as
the judge builds it (a tree, a linked list, a graph with its node count, an in-place argument, a
design problem's calls), in both languages, in real child processes."""

from __future__ import annotations

import json

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.problems.judging import function_spec
from codementor_desktop.runner.protocol import Limits, trace_job
from codementor_desktop.runner.trace_assembly import TraceAssembler
from codementor_desktop.tools.context import ToolContext
from codementor_desktop.visual.replay import Node, Replay

LANGUAGES = ("python", "javascript")


def call(services, tool, arguments):
    return services.registry.call(tool, arguments, ToolContext(caller=Caller.PERSON, learner="ada"))


def reference_trace(services, problem_id, language, **arguments):
    problem = services.bank.get(problem_id)
    code = problem.reference_solution(language)
    return call(services, "bp_trace", {"language": language, "code": code, "problem_id": problem_id,
                                       "max_steps": 100_000, **arguments})  # fmt: skip


def first_argument(result):
    """The entry function's first argument at its call, rebuilt from the trace."""
    replay = Replay(result)
    for step in replay.walk():
        if step["event"] == "line" and step["depth"] == 1 and step["function"] != "<module>":
            variables = replay.frames.get(int(step["frame"]), {})
            return [replay.value(v) for v in variables.values()]
    raise AssertionError("the entry function was never entered")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("problem_id", "test_id", "answer"),
    [
        ("tree-diameter", 2, 6),  # a TreeNode built from its level-order list
        ("merge-two-sorted-lists", 1, [1, 2, 4, 4, 5, 6]),  # two ListNodes, a ListNode answered
        ("count-connected-components", 1, 2),  # a node count and an edge list
        ("lru-cache", 1, None),  # a design problem: its calls played in turn
    ],
)
def test_a_reference_traced_on_an_example_gives_its_expected_output(services, language, problem_id, test_id, answer):
    result = reference_trace(services, problem_id, language, test_id=test_id)
    assert result["stop_reason"] == "finished", result.get("message")
    assert result["problem_id"] == problem_id and result["test_id"] == test_id
    expected = services.bank.get(problem_id).examples[test_id - 1].output
    assert result["expected_output"] == expected
    assert result["matches_expected"] is True
    if answer is not None:
        assert json.loads(result["answer"]) == answer


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_tree_argument_is_a_live_tree_in_the_trace(services, language):
    result = reference_trace(services, "tree-diameter", language, test_id=1)
    root = first_argument(result)[0]
    assert isinstance(root, Node) and root.cls == "TreeNode"
    assert root.fields["val"] == 8
    assert root.fields["left"].fields["val"] == 3 and root.fields["right"].fields["val"] == 9


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_answer_is_said_not_to_match(services, language):
    code = {
        "python": "def diameter(root):\n    return 0\n",
        "javascript": "function diameter(root) {\n  return 0;\n}\n",
    }
    result = call(services, "bp_trace", {"language": language, "code": code[language], "problem_id": "tree-diameter",
                                         "test_id": 1})  # fmt: skip
    assert result["stop_reason"] == "finished"
    assert json.loads(result["answer"]) == 0
    assert result["matches_expected"] is False


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("given", ["[2,1,4,null,3], 5", "root = [2,1,4,null,3], k = 5", [[2, 1, 4, None, 3], 5]])
def test_any_other_input_is_built_the_same_way(services, language, given):
    problem = services.bank.get("two-sum-bst")  # find_target(root: TreeNode, k: int)
    name = problem.function_name(language)
    code = {
        "python": f"def {name}(root, k):\n    return [root.val, root.left.val, root.left.right.val, k]\n",
        "javascript": f"function {name}(root, k) {{\n  return [root.val, root.left.val, root.left.right.val, k];\n}}\n",
    }
    result = call(services, "bp_trace", {"language": language, "code": code[language], "problem_id": problem.id,
                                         "input_data": given})  # fmt: skip
    assert result["stop_reason"] == "finished", result.get("message")
    assert json.loads(result["answer"]) == [2, 1, 3, 5]
    assert "test_id" not in result and "matches_expected" not in result


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_in_place_argument_is_the_answer(services, executor, language):
    code = {
        "python": "def reverse(nums):\n    nums.reverse()\n",
        "javascript": "function reverse(nums) {\n  nums.reverse();\n}\n",
    }
    function = {"name": "reverse", "params": [{"name": "nums", "type": "list[int]"}], "returns": None, "inplace": 0}
    job = trace_job(language, code[language], Limits(), arguments={}, trace_points=["all_lines", "all_variables"],
                    max_steps=1000, problem={"input": "[1,2,3]", "function": function, "compare": "exact"})  # fmt: skip
    assembler = TraceAssembler()
    report = executor.run_job(job, 10.0, None, assembler.feed)
    result = assembler.result(report, 1000, language)
    assert result["stop_reason"] == "finished", result.get("message")
    assert json.loads(result["answer"]) == [3, 2, 1]


def test_unknown_problems_and_examples_are_refused_with_a_reason(services):
    base = {"language": "python", "code": "def diameter(root):\n    return 0\n"}
    unknown = call(services, "bp_trace", {**base, "problem_id": "no-such-problem"})
    assert unknown["error_code"] == "NOT_FOUND"
    count = len(services.bank.get("tree-diameter").examples)
    beyond = call(services, "bp_trace", {**base, "problem_id": "tree-diameter", "test_id": count + 1})
    assert beyond["error_code"] == "INVALID_ARGUMENTS"
    assert f"has {count} examples" in beyond["error_message"]
    alone = call(services, "bp_trace", {**base, "test_id": 1})
    assert alone["error_code"] == "INVALID_ARGUMENTS"
    both = call(services, "bp_trace", {**base, "problem_id": "tree-diameter", "test_id": 1, "input_data": "[1]"})
    assert both["error_code"] == "INVALID_ARGUMENTS"
    wrong = call(services, "bp_trace", {**base, "problem_id": "count-connected-components", "input_data": "[1, 2, 3]"})
    assert wrong["error_code"] == "INVALID_ARGUMENTS"
    assert "takes 2 arguments" in wrong["error_message"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_breakpoint_and_a_history_on_an_example(services, language):
    problem = services.bank.get("tree-diameter")
    code = problem.reference_solution(language)
    stop = call(services, "bp_breakpoint", {"language": language, "code": code, "problem_id": problem.id,
                                            "test_id": 1, "condition": "true" if language == "javascript" else "True"})  # fmt: skip
    assert stop["hit"] is True, stop.get("message")
    assert stop["test_id"] == 1
    name = function_spec(problem, language)["name"]
    history = call(services, "bp_variable_history", {"trace_data": {}, "code": code, "language": language,
                                                     "problem_id": problem.id, "test_id": 1, "variable_names": ["root"]})  # fmt: skip
    assert history["stop_reason"] == "finished", history
    assert history["matches_expected"] is True and name
