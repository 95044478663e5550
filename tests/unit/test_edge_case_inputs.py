"""The edge-case search's inputs: types read, categories shaped, strategies drawn within bounds."""

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codementor_desktop.edge_cases.categories import CATEGORIES, category_cases
from codementor_desktop.edge_cases.design import design_calls
from codementor_desktop.edge_cases.params import (
    UnknownType,
    is_search_tree,
    keeps_preconditions,
    loose_signature,
    parse_type,
    search_tree,
    table_signature,
)
from codementor_desktop.edge_cases.polish import polish
from codementor_desktop.edge_cases.properties import violated
from codementor_desktop.edge_cases.search import input_size, literal_arguments
from codementor_desktop.edge_cases.strategies import arguments_strategy
from codementor_desktop.problems.bank import load_bank
from codementor_desktop.runner.child.python import literals

BANK = load_bank([Path(__file__).resolve().parents[2] / "resources" / "problems"])


def within(param, value):
    """True when ``value`` keeps every bound of ``param`` (lengths, numbers, alphabet, preconditions)."""
    if not keeps_preconditions(param, value):
        return False
    kind = param.kind
    if kind in ("int", "float"):
        return isinstance(value, int | float) and param.lo <= value <= param.hi
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "str":
        ok = isinstance(value, str) and param.min_len <= len(value) <= param.max_len
        return ok and (param.alphabet is None or set(value) <= set(param.alphabet))
    if kind in ("list", "linked", "grid", "edges", "adjacency", "tree"):
        if not isinstance(value, list) or not param.min_len <= len(value) <= param.max_len:
            return False
        if kind == "list":
            return all(within(param.element, item) for item in value)
        if kind in ("linked", "tree"):
            return all(item is None or param.lo <= item <= param.hi for item in value)
        if kind == "grid":
            return len({len(row) for row in value}) <= 1 and all(within(param.element, c) for r in value for c in r)
        if kind == "edges":
            return all(
                len(e) == param.width and param.lo <= e[0] <= param.hi and param.lo <= e[1] <= param.hi for e in value
            )
        return all(0 <= n < len(value) for row in value for n in row)
    raise AssertionError(kind)


def test_loose_names_are_read():
    signature = loose_signature({"arr": "array", "target": "number", "root": "TreeNode", "g": "graph",
                                 "m": "matrix", "s": "string", "xs": "int[]", "words": "list[str]"})  # fmt: skip
    kinds = {p.name: (p.kind, p.bank_type) for p in signature.params}
    assert kinds["arr"] == ("list", "list[int]") and kinds["xs"] == ("list", "list[int]")
    assert kinds["target"] == ("int", "int")
    assert kinds["root"] == ("tree", "TreeNode")
    assert kinds["g"][0] == "adjacency" and kinds["m"][0] == "grid"
    assert kinds["words"] == ("list", "list[str]")
    with pytest.raises(UnknownType):
        parse_type("x", "wibble")


def test_a_bank_table_bounds_the_parameter():
    param = parse_type("nums", "list[int]", {"min_len": 1, "max_len": 100, "min": -5, "max": 7})
    assert (param.min_len, param.max_len, param.element.lo, param.element.hi) == (1, 100, -5, 7)
    edges = parse_type("times", "list[list[int]]", {"min_len": 0, "max_len": 9, "min": 1, "max": 50, "nodes": 50})
    assert edges.kind == "edges" and edges.width == 3 and edges.lo == 1


@pytest.mark.parametrize("problem", BANK.all(), ids=lambda p: p.id)
def test_every_category_case_of_every_problem_keeps_its_bounds(problem):
    params = [(p.name, p.type) for p in problem.function.params]
    signature = table_signature(params, problem.inputs, problem.compare)
    for category, arguments in category_cases(signature, list(CATEGORIES), seed=3):
        assert category in CATEGORIES
        for param in signature.params:
            assert within(param, arguments[param.name]), (category, param.name, str(arguments[param.name])[:200])
        # Every case is a literal both children read back as it was.
        assert literals.parse_arguments(literal_arguments(arguments))[0] == list(arguments.values())


def test_categories_have_their_shapes():
    signature = loose_signature({"arr": "array", "k": "int"})
    cases = dict(category_cases(signature, ["empty", "single", "sorted", "reverse_sorted", "all_equal", "negatives"]))
    assert cases["empty"]["arr"] == [] and len(cases["single"]["arr"]) == 1
    assert cases["sorted"]["arr"] == sorted(cases["sorted"]["arr"])
    assert cases["reverse_sorted"]["arr"] == sorted(cases["reverse_sorted"]["arr"], reverse=True)
    assert len(set(cases["all_equal"]["arr"])) == 1
    assert all(x < 0 for x in cases["negative"]["arr"])  # "negatives", the first spelling
    boundaries = [args for category, args in category_cases(signature, ["boundaries"]) if category == "boundaries"]
    assert {args["k"] for args in boundaries} == {-1000, 1000}
    tree = dict(category_cases(loose_signature({"root": "tree"}), ["skewed"]))["skewed"]["root"]
    assert tree[1] is not None and tree[2] is None  # a left chain
    graph = dict(category_cases(loose_signature({"n": "int", "edges": "edge list"}), ["cycle", "disconnected"]))
    assert graph["cycle"]["edges"][-1][1] == graph["cycle"]["edges"][0][0]
    assert dict(category_cases(loose_signature({"s": "string"}), ["unicode"]))["unicode"]["s"].isascii() is False


def test_a_category_outside_the_bounds_is_skipped():
    signature = table_signature([("nums", "list[int]")], {"nums": {"type": "list[int]", "min_len": 2, "max_len": 9}})
    assert [c for c, _ in category_cases(signature, ["empty", "single"])] == []
    letters = table_signature([("s", "str")], {"s": {"type": "str", "min_len": 0, "max_len": 9, "alphabet": "ab"}})
    assert [c for c, _ in category_cases(letters, ["unicode"])] == []


@pytest.mark.parametrize(
    "problem_id",
    ["two-sum", "network-delay-time", "flood-fill", "validate-bst", "group-anagrams", "merge-k-sorted-lists",
     "is-graph-bipartite", "find-town-judge", "merge-intervals", "word-ladder", "kth-smallest-bst", "bst-mode",
     "search-rotated-sorted-array", "linked-list-components", "coin-change"],
)  # fmt: skip
def test_strategies_draw_within_the_bounds(problem_id):
    problem = BANK.get(problem_id)
    signature = table_signature([(p.name, p.type) for p in problem.function.params], problem.inputs, problem.compare)

    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(arguments_strategy(signature))
    def check(arguments):
        for param in signature.params:
            assert within(param, arguments[param.name]), (param.name, arguments[param.name])
        counter = signature.node_count_param()
        if counter is not None:
            for param in signature.params:
                if param.kind == "edges":
                    # Edges stay among the nodes the count says (numbered from the lower bound).
                    assert all(e[0] < param.lo + arguments[counter.name] for e in arguments[param.name])

    check()


def test_a_design_problem_plays_its_class_methods():
    problem = BANK.get("lru-cache")
    calls = design_calls(problem.solutions.python, problem.function.python)
    assert calls[0][0] == problem.function.python and ("get", 1) in calls and ("put", 2) in calls
    signature = table_signature(
        [(p.name, p.type) for p in problem.function.params], problem.inputs, problem.compare, design=calls
    )

    @settings(max_examples=30, deadline=None, database=None)
    @given(arguments_strategy(signature))
    def check(arguments):
        operations, args = arguments["operations"], arguments["arguments"]
        assert operations[0] == problem.function.python and len(operations) == len(args)
        arities = dict(calls)
        assert all(len(a) == arities[op] for op, a in zip(operations, args, strict=True))

    check()


def test_polish_shortens_strings_that_must_agree():
    signature = loose_signature({"s": "string", "t": "string"})

    def goes_wrong(batch):  # "wrong" when the two strings differ at their last letter
        return [len(a["s"]) == len(a["t"]) and a["s"][-1:] != a["t"][-1:] for a in batch]

    start = {"s": "aaaaaaaa", "t": "aaaaaaab"}
    best = polish(signature, start, goes_wrong, lambda a: input_size(list(a.values())))
    assert best == {"s": "a", "t": "b"}


def test_polish_brings_a_large_input_down_in_a_few_round_trips():
    signature = loose_signature({"nums": "array"})
    calls = []

    def goes_wrong(batch):  # "wrong" while 7 comes somewhere before 3: two positions of a thousand matter
        calls.append(len(batch))
        return [7 in a["nums"] and 3 in a["nums"][a["nums"].index(7) :] for a in batch]

    start = {"nums": [1] * 400 + [7] + [2] * 300 + [3] + [1] * 298}
    best = polish(signature, start, goes_wrong, lambda a: input_size(list(a.values())))
    assert best == {"nums": [7, 3]}
    assert len(calls) <= 30  # one position a round would take a thousand


def test_polish_reshapes_a_small_input_where_no_cut_keeps_the_preconditions():
    signature = table_signature([("root", "TreeNode"), ("k", "int")], {"root": {"bst": True}})

    def goes_wrong(batch):  # "wrong" when the root and its one child sum to k
        return [
            len([v for v in a["root"] if v is not None]) == 2 and sum(v for v in a["root"] if v) == a["k"]
            for a in batch
        ]

    best = polish(signature, {"root": [0, None, 1], "k": 1}, goes_wrong, lambda a: input_size(list(a.values())))
    assert best == {"root": [1, 0], "k": 1}  # [0,1] alone is no search tree


@given(st.lists(st.integers(-5, 5), max_size=6))
def test_properties_name_what_is_wrong(values):
    assert violated(["sorted"], [values], sorted(values)) is None
    assert violated(["same_length", "permutation"], [values], list(reversed(values))) is None
    if len(set(values)) > 1:
        assert "sorted" in (violated(["sorted"], [values], sorted(values, reverse=True)) or "")
    assert "same_length" in violated(["same_length"], [values], [*values, 0])


def test_stated_preconditions_are_kept():
    rotated = parse_type("nums", "list[int]", {"distinct": True, "sorted": "rotated", "min": -9, "max": 9})
    assert keeps_preconditions(rotated, [4, 6, 8, 1]) and keeps_preconditions(rotated, [1, 2, 3])
    assert not keeps_preconditions(rotated, [4, 1, 6]) and not keeps_preconditions(rotated, [1, 1, 2])
    tree = parse_type("root", "TreeNode", {"bst": True, "distinct": True})
    assert search_tree([5, 3, 8, 4]) == [5, 3, 8, None, 4]
    assert is_search_tree(search_tree([5, 3, 8, 4, 1, 9]))
    assert not keeps_preconditions(tree, [5, 6, 1])  # 6 to the left of 5
    assert not keeps_preconditions(tree, [5, None, 5])  # a repeated value where values are distinct
    assert not is_search_tree([None, 3]) and is_search_tree([])  # what a shrinking step may leave
    assert is_search_tree([4, 4, 4]) and not keeps_preconditions(tree, [4, 4])  # repeated values: either side
    assert not is_search_tree([4, 5]) and not is_search_tree([4, 3, 3])
    cases = dict(category_cases(table_signature([("root", "TreeNode")], {"root": {"bst": True}}), ["skewed", "single"]))
    assert is_search_tree(cases["skewed"]["root"]) and cases["skewed"]["root"][2] is None


def test_a_tree_of_distinct_values_that_is_not_a_search_tree():
    """`distinct = true` on a plain tree: its nulls are missing children, not repeated values."""
    signature = table_signature(
        [("root", "TreeNode")], {"root": {"type": "TreeNode", "distinct": True, "nodes": 40, "min": -50, "max": 50}}
    )
    param = signature.params[0]
    assert keeps_preconditions(param, [3, 9, 1, None, None, 7, None, None, 4])
    assert not keeps_preconditions(param, [3, 9, 3])
    for category, arguments in category_cases(signature, list(CATEGORIES), seed=5):
        assert within(param, arguments["root"]), (category, arguments["root"])

    @settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(arguments_strategy(signature))
    def drawn(arguments):
        assert within(param, arguments["root"])

    drawn()
