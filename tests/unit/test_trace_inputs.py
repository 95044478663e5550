"""How bp_trace reads a bank problem's input given as ``input_data``: a test's text, keyword form,
a list of the arguments, or a one-parameter problem's argument itself."""

from __future__ import annotations

import pytest

from codementor_desktop.tools.errors import ToolFailure
from codementor_desktop.tools.trace_inputs import argument_text


@pytest.fixture
def bank(services):
    return services.bank


@pytest.mark.parametrize(
    ("problem_id", "data", "text"),
    [
        ("count-connected-components", "5, [[0,1]]", "5, [[0,1]]"),
        ("count-connected-components", "n = 5, edges = [[0,1]]", "n = 5, edges = [[0,1]]"),
        ("count-connected-components", [5, [[0, 1]]], "5, [[0, 1]]"),
        ("count-connected-components", {"n": 5, "edges": []}, "n = 5, edges = []"),
        ("tree-diameter", [1, None, 2], "[1, null, 2]"),  # one parameter: the list is the tree
        ("tree-diameter", "[1,null,2]", "[1,null,2]"),
        ("decode-ways", '"127"', '"127"'),
        ("decode-ways", "127", '"127"'),  # one string parameter: the text itself
        ("decode-ways", 's = "12"', 's = "12"'),
    ],
)
def test_an_input_becomes_the_problem_s_argument_text(bank, problem_id, data, text):
    assert argument_text(bank.get(problem_id), data) == text


def test_a_value_and_a_target_are_two_arguments(bank):
    assert argument_text(bank.get("two-sum-bst"), [2, 1, 3], 4) == "[2, 1, 3], 4"


@pytest.mark.parametrize("data", ["[1, 2, 3]", [1, 2, 3], "n = 5, wrong = []", "[1, 2"])
def test_what_is_not_the_problem_s_arguments_is_refused_with_the_reason(bank, data):
    with pytest.raises(ToolFailure) as raised:
        argument_text(bank.get("count-connected-components"), data)
    assert raised.value.code.value == "INVALID_ARGUMENTS"
    assert raised.value.message
