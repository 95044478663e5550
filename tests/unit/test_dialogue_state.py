"""The offline coach's memory of a conversation: what counts as saying something again, and how it is
kept and read back (a stored state that cannot be read starts afresh instead of failing the turn)."""

from __future__ import annotations

import json

import pytest

from codementor_desktop.tutor.dialogue import Claim, DialogueState, OpenQuestion, near_copy, sentences, version_key


def test_a_reworded_near_copy_is_the_same_sentence_and_another_question_is_not():
    asked = "Which of those values is not what you expected there?"
    assert near_copy(asked, "Which of those values is not what you expected there?")
    assert near_copy(asked, "which of these values is not what you expected there")
    assert near_copy(asked, "Of those values, which one is not what you expected there?")  # reordered
    assert not near_copy(asked, "What is the smallest input the problem allows, and what should it return?")
    # Short sentences ("Yes.", "You're welcome.") are never counted as repeats of one another.
    assert not near_copy("You're welcome.", "You're welcome!")


def test_fresh_drops_a_part_any_of_whose_sentences_was_said_and_keeps_the_rest():
    state = DialogueState()
    state.remember("Test 2 fails: on input [3,2,4], 6 your code returns [0,0]. Which value is wrong there?")
    parts = [
        "Test 2 fails: on input [3,2,4], 6 your code returns [0,0].",  # said before
        "Line 4 runs in every failing test. What should it produce on the smallest failing input?",
        "Line 4 runs in every failing test! What should it produce on the smallest failing input?",  # copies the one before
    ]
    assert state.fresh(parts) == [parts[1]]


def test_a_sentence_made_of_an_earlier_paragraphs_words_counts_as_said():
    state = DialogueState()
    state.remember("I traced input [2, 1], 1: it returned -1 from line 15. Which line decides what is returned there?")
    assert state.repeats("Which line decides what is returned there?")
    assert state.is_new("What is the smallest input the problem allows, and what should your code return on it?")


def test_the_version_of_the_code_ignores_trailing_spaces_but_not_a_change():
    code = "def f(x):\n    return x\n"
    assert version_key("p", 1, "python", code) == version_key("p", 1, "python", code.replace("x\n", "x   \n") + "\n\n")
    assert version_key("p", 1, "python", code) != version_key("p", 1, "python", code.replace("x\n", "x + 1\n"))
    assert version_key("p", 1, "python", code) != version_key("p", 2, "python", code)  # the problem changed
    assert version_key("p", 1, "python", code) != version_key("p", 1, "javascript", code)


def test_the_state_round_trips_through_json_and_keeps_only_the_last_versions_evidence():
    state = DialogueState(hint_level=2, turns=3)
    state.ask(OpenQuestion(key="v1:trace", text="Which value?", names=["i", "j"], lines=[5], version="v1"))
    state.claims.append(Claim("i and j are both 0", "names_cause", [], "v1"))
    for number in range(6):
        state.keep_evidence(f"v{number}", {"run": {"verdict": "WA"}})
    again = DialogueState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert list(again.evidence) == ["v2", "v3", "v4", "v5"]
    assert again.open is not None and again.open.names == ["i", "j"] and again.was_asked("v1:trace")


@pytest.mark.parametrize(
    "stored", [None, "garbage", 42, {"hint_level": "many"}, {"steps": {"v": "x"}}, {"claims": [1]}]
)
def test_a_stored_state_that_cannot_be_read_starts_afresh(stored):
    state = DialogueState.from_json(stored)
    assert isinstance(state, DialogueState) and state.turns == 0 and state.said == []


def test_sentences_split_at_ends_and_lines():
    assert sentences("One. Two? Three!\nFour: five") == ["One.", "Two?", "Three!", "Four: five"]
