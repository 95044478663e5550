import pytest

from codementor_desktop.runner.child.python import compare, literals, structures


@pytest.mark.parametrize(
    ("text", "args", "kwargs"),
    [
        ("[2,7,11,15], 9", [[2, 7, 11, 15], 9], {}),
        ("nums = [2,7,11,15], target = 9", [], {"nums": [2, 7, 11, 15], "target": 9}),
        ('null, true, "x"', [None, True, "x"], {}),
        ("None, True, 'x'", [None, True, "x"], {}),
        ("[[1, -2], (3, 4)], {'a': 1}", [[[1, -2], [3, 4]], {"a": 1}], {}),
        ("", [], {}),
    ],
)
def test_arguments_are_read_as_literals(text, args, kwargs):
    assert literals.parse_arguments(text) == (args, kwargs)


@pytest.mark.parametrize("text", ["__import__('os').system('x')", "[1, 2] + [3]", "f(1)", "**d"])
def test_anything_but_literals_is_refused(text):
    with pytest.raises(literals.LiteralError):
        literals.parse_arguments(text)


def test_one_value_is_expected_for_an_output():
    assert literals.parse_value("[0,1]") == [0, 1]
    with pytest.raises(literals.LiteralError):
        literals.parse_value("1, 2")


def test_true_is_not_one_and_tuples_are_lists():
    assert not compare.same("exact", 1, True)
    assert compare.same("exact", [0, 1], (0, 1))
    assert not compare.same("exact", [0, 1], [1, 0])


def test_unordered_modes():
    assert compare.same("unordered", [1, 2, 2], [2, 1, 2])
    assert not compare.same("unordered", [1, 2, 2], [2, 1, 1])
    assert compare.same("unordered_nested", [[1, 2], [3]], [[3], [2, 1]])
    assert not compare.same("unordered", [[1, 2], [3]], [[3], [2, 1]])


def test_float_tolerance():
    assert compare.same("float_tolerance", [0.1 + 0.2], [0.3])
    assert not compare.same("float_tolerance", 1.0, 1.01)
    assert not compare.same("exact", 0.1 + 0.2, 0.3)


def test_checker_mode_calls_the_checker():
    def check(args, expected, actual):
        return sum(actual) == args[0]

    assert compare.same("checker", None, [1, 4], check, [5])
    assert not compare.same("checker", None, [1, 3], check, [5])


def test_trees_and_lists_round_trip():
    values = [3, 9, 20, None, None, 15, 7]
    assert structures.tree_to_list(structures.build_tree(values)) == values
    assert structures.build_tree([]) is None
    assert structures.list_to_list(structures.build_list([1, 2, 3])) == [1, 2, 3]
    assert structures.encode(structures.build_list([])) is None or structures.build_list([]) is None


def test_a_cyclic_list_is_cut_not_followed_forever():
    head = structures.build_list([1, 2])
    head.next.next = head
    assert len(structures.list_to_list(head, limit=10)) == 10
