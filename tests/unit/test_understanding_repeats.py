"""A reworded near-copy of what the coach said counts as a repeat; the same question about another
input, or another question, does not."""

from __future__ import annotations

import pytest

from codementor_desktop.tutor.understanding import near_repeat, similarity

ASKED = "Which of those values is not what you expected there?"


@pytest.mark.parametrize(
    "again",
    [
        ASKED,
        "which of those values is not what you expected there",
        "Which value there is not what you expected?",
        "Looking at those values, which one did you not expect there?",
    ],
)
def test_a_reworded_question_is_a_repeat(again: str) -> None:
    assert near_repeat(again, ["Ran your code: test 2 fails.", ASKED])


@pytest.mark.parametrize(
    "other",
    [
        "What does your code return for [3,2,4], 6?",
        "Yes: O(n) is the best known. What does it cost in space?",
        "Which line decides where j starts?",
    ],
)
def test_another_question_is_not(other: str) -> None:
    assert not near_repeat(other, [ASKED])


def test_the_same_question_about_another_input_is_not_a_repeat() -> None:
    assert not near_repeat("What does your code return for [3,3], 6?", ["What does your code return for [3,2,4], 6?"])
    assert similarity("It ran 10,000 operations on n = 100.", "On n = 100 it ran 10,000 operations.") == 100


def test_a_short_question_is_no_repeat_of_a_paragraph_that_uses_its_words() -> None:
    paragraph = (
        "Your loop compares every pair of values, so on n = 100 it ran 4,950 comparisons; the values you "
        "expected come from one pass. Which structure answers in O(1) whether a value was seen?"
    )
    assert not near_repeat("Which values did you expect?", [paragraph])
