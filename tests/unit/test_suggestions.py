"""'Did you mean': close names are offered, unrelated ones never."""

from codementor_desktop.domain.suggestions import close_names, did_you_mean

IDS = ["two-sum", "two-sum-bst", "three-sum-zero", "climbing-stairs", "merge-intervals", "valid-anagram"]


def test_a_slip_of_the_keyboard_finds_the_name():
    assert close_names("tow-sum", IDS) == ["two-sum"]
    assert close_names("Two Sum", IDS)[0] == "two-sum"  # case and separators do not count
    assert close_names("climbing_stair", IDS) == ["climbing-stairs"]


def test_an_unrelated_name_gets_no_guess():
    assert close_names("xyz", IDS) == [] and did_you_mean("binary-tree-paths", IDS) == ""
    assert close_names("", IDS) == [] and close_names("two-sum", []) == []


def test_the_sentence_lists_up_to_three_closest_first():
    assert did_you_mean("two_sum", IDS) == " Did you mean 'two-sum' or 'two-sum-bst'?"
    assert did_you_mean("bp_excute", ["bp_execute", "bp_trace"]) == " Did you mean 'bp_execute'?"
