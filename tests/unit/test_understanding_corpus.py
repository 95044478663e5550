"""The reading of a learner's words, measured on a labelled corpus of messages (both languages,
several problems): the want right on at least nine in ten, and never a question about optimality,
complexity or slowness read as a request for the solution, nor such a request missed."""

from __future__ import annotations

from codementor_desktop.tutor.understanding import Want, read
from tests.understanding_corpus import HELD_OUT, TUNING, Case, expectation, mistakes, vocabulary

ACCURACY = 0.90  # of the whole corpus
# The held-out part is read below the tuned part (it is the honest figure); this floor catches a
# regression, not a target.
HELD_OUT_FLOOR = 0.85
# Told apart without a single slip: a refusal where evidence was asked for, or code where a refusal was due.
NOT_REQUESTS = {Want.IS_OPTIMAL, Want.COMPLEXITY, Want.WHY_SLOW}


def _wrong(cases: tuple[Case, ...]) -> list[str]:
    found = []
    for case in cases:
        errors = mistakes(case, read(case.said, vocabulary(case.code), expectation(case)))
        if errors:
            found.append(f"{case.said!r} ({case.code}): {'; '.join(errors)}")
    return found


def test_the_corpus_is_large_enough_and_covers_every_want() -> None:
    cases = TUNING + HELD_OUT
    assert len(cases) >= 200
    assert len(HELD_OUT) >= len(cases) // 5
    assert {c.want for c in cases} == set(Want)
    assert {c.code.split("-")[1] for c in cases} == {"py", "js"}


def test_the_reading_is_right_on_nine_messages_in_ten() -> None:
    cases = TUNING + HELD_OUT
    wrong = _wrong(cases)
    assert len(wrong) <= (1 - ACCURACY) * len(cases), "\n".join(wrong)


def test_the_held_out_messages_are_read_about_as_well() -> None:
    wanted = [c for c in HELD_OUT if read(c.said, vocabulary(c.code), expectation(c)).want is c.want]
    assert len(wanted) >= HELD_OUT_FLOOR * len(HELD_OUT)


def test_no_question_about_the_solution_is_read_as_asking_for_it_and_no_request_is_missed() -> None:
    for case in TUNING + HELD_OUT:
        reading = read(case.said, vocabulary(case.code), expectation(case))
        if case.want is Want.SOLUTION:
            assert reading.want is Want.SOLUTION, case.said
        elif case.want in NOT_REQUESTS or "solution" in case.said.lower():
            assert reading.want is not Want.SOLUTION, case.said


def test_every_want_is_recalled_on_most_of_its_messages() -> None:
    cases = TUNING + HELD_OUT
    for want in Want:
        own = [c for c in cases if c.want is want]
        right = [c for c in own if read(c.said, vocabulary(c.code), expectation(c)).want is want]
        assert len(right) >= 0.75 * len(own), want
