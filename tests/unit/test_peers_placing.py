"""Where compare_with_peers places a learner: among a class's quantiles, and between the bank's
reference and slow solution (on a log scale, since a slow solution costs orders of magnitude more)."""

from __future__ import annotations

from codementor_desktop.storage.peers import Quantiles
from codementor_desktop.tools.peers import place_among, place_between


def quantiles(*values: float) -> Quantiles:
    return Quantiles("minutes", None, None, 6, *values)


def test_a_value_is_read_between_the_quantiles_and_the_extremes_are_tenths():
    spread = quantiles(7.5, 11.25, 17.5, 23.75, 27.5)
    assert place_among(17.5, spread) == 0.5
    assert abs(place_among(10.0, spread) - 0.2) < 1e-9
    assert place_among(2.0, spread) == 0.05 and place_among(60.0, spread) == 0.95


def test_a_class_that_all_took_one_attempt_puts_one_in_the_middle_not_ahead():
    assert place_among(1.0, quantiles(1, 1, 1, 1, 1)) == 0.5
    assert place_among(1.0, quantiles(1, 1, 1, 2, 3)) == 0.3  # level with the first three quantiles


def test_between_the_reference_and_the_slow_solution():
    assert place_between(1_756, 1_756, 342_808) == (0.0, "As few operations as the reference, or fewer")
    position, words = place_between(2_921, 1_756, 342_808)
    assert position == 0.1 and words == (
        "Between the reference and the slow solution, closer to the reference: 1.7 times the reference's operations"
    )
    position, words = place_between(100_000, 1_756, 342_808)
    assert position is not None and 0.5 < position < 0.9 and "closer to the slow solution" in words
    assert place_between(340_000, 1_756, 342_808)[1].startswith("As many operations as the slow solution, or more")
    assert place_between(3_000, 1_000, None) == (None, "About 3.0 times the reference's operations")
