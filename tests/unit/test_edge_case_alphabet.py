"""Every string the edge-case search writes keeps its alphabet: the explicit cases of every
category, Hypothesis's draws, and the polish's reshaped steps, for strings, lists of words and
grids of letters alike."""

from hypothesis import given, settings
from hypothesis import strategies as st

from codementor_desktop.edge_cases.categories import CATEGORIES, category_cases
from codementor_desktop.edge_cases.params import loose_signature, table_signature, with_alphabet
from codementor_desktop.edge_cases.polish import candidates
from codementor_desktop.edge_cases.reshape import reshaped
from codementor_desktop.edge_cases.strategies import arguments_strategy

TABLE = table_signature(
    [("s", "str"), ("words", "list[str]"), ("board", "list[list[str]]")],
    {"s": {"alphabet": "xy", "max_len": 30}, "words": {"alphabet": "xy"}, "board": {"alphabet": "xy"}},
)
LOOSE = with_alphabet(loose_signature({"s": "string", "words": "string[]", "board": "list[list[str]]"}), "xy")
PER_NAME = with_alphabet(
    loose_signature({"s": "string", "words": "string[]", "board": "list[list[str]]"}),
    {"s": "xy", "words": "xy", "board": "xy"},
)


def letters(value) -> set[str]:
    if isinstance(value, str):
        return set(value)
    if isinstance(value, list):
        return set().union(*(letters(item) for item in value)) if value else set()
    if isinstance(value, dict):
        return letters(list(value.values()))
    return set()


def test_every_category_keeps_the_alphabet():
    for signature in (TABLE, LOOSE, PER_NAME):
        cases = category_cases(signature, list(CATEGORIES))
        assert cases
        for category, arguments in cases:
            assert letters(arguments) <= set("xy"), (category, arguments)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_draw_and_reshaped_step_keeps_the_alphabet(data):
    for signature in (TABLE, LOOSE, PER_NAME):
        arguments = data.draw(arguments_strategy(signature))
        assert letters(arguments) <= set("xy"), arguments
        for step in list(reshaped(signature, candidates(signature, arguments), arguments))[:200]:
            assert letters(step) <= set("xy"), step


def test_without_an_alphabet_a_loose_string_may_hold_any_character():
    loose = loose_signature({"s": "string"})
    assert any(letters(args) - set("abcdefghijklmnopqrstuvwxyz") for _, args in category_cases(loose, ["unicode"]))
