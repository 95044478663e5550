"""How much each kind of evidence counts in the profile, and how fast it fades
(``docs/profile-model.md`` says why)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """How much each kind of evidence counts, and how fast it fades."""

    half_life_days: float = 21.0
    submit_accepted: float = 1.0  # a Submit whose hidden tests pass: the strongest success
    run_accepted: float = 0.5  # visible tests pass: a success, weaker
    run_failed: float = 0.35  # divided by how many failed runs of the problem that day came before
    detected: float = 1.0  # times the detection's confidence, on that pattern
    detected_topic: float = 0.5  # the same detection, on the problem's topics
    hint_per_level: float = 0.25  # a hint of level L counts L times this against the problem's skills
    escalation: float = 0.5
    # A plan whose every checked expectation held, on code that passes the visible tests: the
    # learner knew what their code does. Less than a Run that passes (it says less about solving),
    # counted once per problem (the latest check), so checking again and again adds nothing.
    plan_held: float = 0.25
    fast: float = 1.2  # solved within the estimated minutes
    slow: float = 0.7  # solved after more than twice the estimate
    recovery: float = 1.5  # a success on a pattern that was detected earlier: the learner overcame it
    # A solve of a hard problem says more than a solve of an easy one; a failure, the reverse.
    win_by_level: tuple[float, float, float] = (0.6, 1.0, 1.4)
    loss_by_level: tuple[float, float, float] = (1.4, 1.0, 0.6)
