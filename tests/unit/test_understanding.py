"""Reading a learner's words without a model: the want, what is named, and how a reply fits the
coach's open question."""

from __future__ import annotations

import pytest

from codementor_desktop.problems.bank import ProblemBank, load_bank
from codementor_desktop.resources import builtin_problems_dir
from codementor_desktop.tutor.understanding import Expectation, Vocabulary, Want, read

NESTED = """def two_sum(nums, target):
    for i in range(len(nums)):
        for j in range(len(nums)):
            if nums[i] + nums[j] == target:
                return [i, j]
"""


@pytest.fixture(scope="module")
def bank() -> ProblemBank:
    return load_bank([builtin_problems_dir()])


@pytest.fixture(scope="module")
def two_sum(bank: ProblemBank) -> Vocabulary:
    return Vocabulary.of(bank.get("two-sum"), NESTED)


def test_a_learner_naming_the_cause_is_read_as_an_answer_that_names_it(two_sum: Vocabulary) -> None:
    expecting = Expectation(names=frozenset({"i", "j"}), values=frozenset({"0"}))
    reading = read("i and j are both 0, so I'm adding the same element to itself", two_sum, expecting)
    assert reading.want is Want.ANSWER
    assert set(reading.names) == {"i", "j"}
    assert "0" in reading.values and reading.reason
    assert reading.fit == "names_cause"
    assert "same_item_twice" in reading.concepts


def test_naming_without_a_cause_is_partial_and_naming_nothing_is_off(two_sum: Vocabulary) -> None:
    expecting = Expectation(names=frozenset({"i", "j"}), lines=frozenset({4}))
    assert read("line 4?", two_sum, expecting).fit == "partial"
    assert read("maybe the target", two_sum, expecting).fit == "off"
    assert read("anything", two_sum, None).fit == "none"


def test_a_denied_name_does_not_count_as_naming_the_cause(two_sum: Vocabulary) -> None:
    reading = read("I don't think it's i", two_sum, Expectation(names=frozenset({"i"})))
    assert reading.negated and "i" in reading.denied
    assert reading.fit == "off"


@pytest.mark.parametrize(
    "said",
    [
        "is my solution optimal?",
        "my solution is slow",
        "is there a better solution?",
        "what's the complexity of my solution",
    ],
)
def test_the_word_solution_alone_is_not_a_request_for_it(two_sum: Vocabulary, said: str) -> None:
    assert read(said, two_sum).want is not Want.SOLUTION


def test_i_dont_know_is_its_own_want_unless_it_asks_something(two_sum: Vocabulary) -> None:
    expecting = Expectation(names=frozenset({"i"}))
    assert read("I don't know", two_sum, expecting).want is Want.DONT_KNOW
    reading = read("I don't know why it fails", two_sum)
    assert reading.want is Want.WHY_FAILS and reading.unsure


def test_i_get_it_with_a_reason_keeps_what_it_names(two_sum: Vocabulary) -> None:
    reading = read("oh I see, j must start after i", two_sum, Expectation(names=frozenset({"j"})))
    assert reading.want is Want.UNDERSTANDS
    assert set(reading.names) == {"i", "j"} and reading.reason
    assert "same_item_twice" in reading.concepts


def test_several_wants_in_one_message_come_first_by_what_the_coach_answers(two_sum: Vocabulary) -> None:
    reading = read("thanks, but why is it so slow?", two_sum)
    assert reading.want is Want.WHY_SLOW and Want.THANKS in reading.also
    assert not reading.reason


@pytest.mark.parametrize(
    ("said", "want"),
    [
        ("is it optimla?", Want.IS_OPTIMAL),
        ("whats the complexty", Want.COMPLEXITY),
        ("recomend a problem", Want.PRACTISE),
    ],
)
def test_typos_do_not_matter(two_sum: Vocabulary, said: str, want: Want) -> None:
    assert read(said, two_sum).want is want


def test_a_hints_idea_in_the_learners_own_words_names_the_hint(two_sum: Vocabulary) -> None:
    reading = read("for each number I could ask which value completes the pair", two_sum)
    assert "hint:2" in reading.concepts


def test_a_word_of_the_problem_in_off_topic_talk_does_not_make_it_on_topic(bank: ProblemBank) -> None:
    vocabulary = Vocabulary.of(bank.get("max-profit-single-trade"), "def max_profit(prices):\n    best = 0\n")
    assert read("what's the best pizza topping", vocabulary).want is Want.OFF_TOPIC
    assert read("is best updated before or after the sell day? weather aside", vocabulary).want is not Want.OFF_TOPIC


def test_an_idea_names_a_way_to_work_and_a_complexity_alone_is_no_idea(two_sum: Vocabulary) -> None:
    reading = read("i could sort and then use two pointers", two_sum)
    assert reading.want is Want.IDEA and {"sorting", "two_pointers"} <= set(reading.concepts)
    assert not two_sum.owns("two_pointers")  # an idea foreign to two-sum: the coach tests it
    assert read("can i get it below O(n^2)?", two_sum).want is Want.IS_OPTIMAL


def test_nothing_or_a_lone_question_mark_is_not_understanding(two_sum: Vocabulary) -> None:
    assert read("?", two_sum, Expectation(names=frozenset({"i"}))).want is Want.DONT_KNOW
    assert read("", two_sum).want is Want.STUCK


def test_a_wall_of_text_is_read_by_its_beginning(two_sum: Vocabulary) -> None:
    reading = read("why does test 2 fail? " + "i and j " * 20_000, two_sum)
    assert reading.want is Want.WHY_FAILS


def test_a_reply_meeting_the_open_question_answers_it_even_with_the_words_of_a_question(two_sum: Vocabulary) -> None:
    expecting = Expectation(names=frozenset({"j"}))
    assert read("j is 0 so that's the bug", two_sum, expecting).want is Want.ANSWER
    assert read("why is j 0?", two_sum, expecting).want is Want.WHY_FAILS


@pytest.mark.parametrize(
    ("said", "want"),
    [
        ("i think i need a stack", Want.IDEA),  # not "thank"
        ("looking at line 4, why is j 0?", Want.WHY_FAILS),  # not "cooking"
        ("can't figure this out", Want.STUCK),  # "figure" is no slip of "figured"
    ],
)
def test_only_slips_are_corrected_not_other_words(two_sum: Vocabulary, said: str, want: Want) -> None:
    assert read(said, two_sum).want is want


def test_a_word_of_the_problems_own_story_is_not_off_topic(bank: ProblemBank) -> None:
    trade = bank.get("max-profit-single-trade")
    told_of_stocks = trade.model_copy(update={"statement": trade.statement + "\nThe prices are a stock's, day by day."})
    code = "def max_profit(prices):\n    best = 0\n"
    asked = "so the stock is bought once and sold once?"
    assert read(asked, Vocabulary.of(told_of_stocks, code)).want is not Want.OFF_TOPIC
    assert read(asked, Vocabulary.of(trade, code)).want is Want.OFF_TOPIC


def test_understanding_something_better_is_not_asking_for_something_better(two_sum: Vocabulary) -> None:
    assert read("ok i understand it better now", two_sum).want is Want.UNDERSTANDS
    assert read("got it, but can it be faster?", two_sum).want is Want.IS_OPTIMAL
    assert read("how does it react to [3,3]?", two_sum).want is not Want.OFF_TOPIC
