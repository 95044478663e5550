"""A plan whose expectations held counts, modestly, toward the problem's skills; a broken one or a
failing code does not; checking again adds nothing; get_user_progress says what the learner planned."""

from __future__ import annotations

from datetime import datetime, timedelta

from codementor_desktop.domain.learner_evidence import AttemptRecord, LearnerEvidence, PlanRecord
from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.profile.mastery import build_profile
from codementor_desktop.profile.problems import ProblemFacts
from codementor_desktop.storage.evidence import learner_evidence
from codementor_desktop.storage.plans import PlanCheckOutcome
from codementor_desktop.tools.context import ToolContext

NOW = datetime(2026, 3, 10, 20, 0)
PROBLEMS = {"pairs": ProblemFacts("pairs", "Pairs", "easy", ("arrays",), ("off_by_one",), 15)}


def arrays(*plans: PlanRecord, attempts: tuple[AttemptRecord, ...] = ()) -> float:
    evidence = LearnerEvidence(attempts=list(attempts), plans=list(plans))
    return build_profile(evidence, PROBLEMS, NOW).topics["arrays"].mastery


def test_a_plan_that_held_on_passing_code_raises_mastery_less_than_a_passing_run():
    before = arrays()
    held = arrays(PlanRecord("pairs", 2, 2, 0, True, NOW))
    run = arrays(attempts=(AttemptRecord("pairs", "AC", False, NOW),))
    assert before < held < run


def test_a_broken_expectation_or_failing_code_counts_nothing():
    before = arrays()
    assert arrays(PlanRecord("pairs", 2, 1, 1, True, NOW)) == before
    assert arrays(PlanRecord("pairs", 2, 2, 0, False, NOW)) == before
    assert arrays(PlanRecord("pairs", 0, 0, 0, True, NOW)) == before


def test_only_the_latest_check_of_a_problem_counts():
    once = arrays(PlanRecord("pairs", 2, 2, 0, True, NOW))
    many = [PlanRecord("pairs", 2, 2, 0, True, NOW - timedelta(minutes=m)) for m in (3, 2, 1, 0)]
    assert arrays(*many) == once
    broken_last = [
        PlanRecord("pairs", 2, 2, 0, True, NOW - timedelta(minutes=1)),
        PlanRecord("pairs", 2, 1, 1, True, NOW),
    ]
    assert arrays(*broken_last) == arrays()


def outcome(held: int, broken: int, outcome: str) -> PlanCheckOutcome:
    return PlanCheckOutcome("two-sum", "python", held + broken, held, broken, 0, 0, False, True, {"outcome": outcome})


def test_checks_are_read_back_as_evidence_and_progress_names_the_latest_outcome(services):
    services.plans.save("ada", Plan("two-sum", "python", (PlanStep("look first", (4,), "i >= 0"),)))
    services.plans.record_check("ada", outcome(0, 1, "broken"))
    services.plans.record_check("ada", outcome(1, 0, "held"))
    services.plans.record_check("bob", outcome(0, 1, "broken"))
    evidence = learner_evidence(services.database, "ada")
    assert [(p.held, p.broken) for p in evidence.plans] == [(0, 1), (1, 0)]
    progress = services.registry.call("get_user_progress", {}, ToolContext(caller=Caller.PERSON, learner="ada"))
    plans = progress["plans"]
    assert (plans["plans"], plans["anchored"], plans["checks"], plans["held"], plans["broken"]) == (1, 1, 2, 1, 1)
    assert plans["latest"]["two-sum"]["outcome"] == "held" and plans["latest"]["two-sum"]["language"] == "python"
