"""Plans and their checks on real SQLite: kept per problem and language, replaced, removed when
emptied, counted for the profile, and carried by a learner's export, import and deletion."""

from __future__ import annotations

import pytest

from codementor_desktop.domain.plan import BadPlan, Plan, PlanStep, parse_steps
from codementor_desktop.storage.database import Database, sqlite_url
from codementor_desktop.storage.learner_data import delete_learner, export_learner, import_learner
from codementor_desktop.storage.plans import PlanCheckOutcome, Plans


@pytest.fixture
def database(tmp_path):
    db = Database.open(sqlite_url(tmp_path / "learner.sqlite3"))
    yield db
    db.close()


def _plan(problem="two-sum", language="python") -> Plan:
    return Plan(
        problem,
        language,
        (
            PlanStep("remember each number's index in a map"),
            PlanStep("move left when the sum is too small", lines=(7, 8), expect="left < right"),
        ),
    )


def test_a_plan_is_kept_per_problem_and_language_and_replaced(database):
    plans = Plans(database)
    plans.save("ada", _plan())
    assert plans.load("ada", "two-sum", "python") == _plan()
    assert plans.load("ada", "two-sum", "javascript") is None
    assert plans.load("grace", "two-sum", "python") is None
    shorter = _plan().with_steps([PlanStep("one step", expect="i >= 0", lines=(3,))])
    plans.save("ada", shorter)
    assert plans.load("ada", "two-sum", "python") == shorter
    plans.save("ada", shorter.with_steps([]))
    assert plans.load("ada", "two-sum", "python") is None


def test_bad_steps_are_named():
    with pytest.raises(BadPlan, match="step 2 needs words"):
        parse_steps([{"text": "ok"}, {"text": "  "}])
    with pytest.raises(BadPlan, match="step 1 names line 0"):
        parse_steps([{"text": "x", "lines": [0]}])
    with pytest.raises(BadPlan, match="fields a plan does not keep: colour"):
        parse_steps([{"text": "x", "colour": "red"}])


def test_checks_are_counted_and_travel_with_the_learner(database, tmp_path):
    plans = Plans(database)
    plans.save("ada", _plan())
    outcome = PlanCheckOutcome("two-sum", "python", 2, 1, 1, 0, 0, guessed=False, tests_passed=False, report={"x": 1})
    plans.record_check("ada", outcome)
    totals = plans.totals("ada")
    assert (totals.plans, totals.anchored, totals.checks, totals.held, totals.broken) == (1, 1, 1, 1, 1)
    assert totals.planned_first == 1  # no run of two-sum before the plan
    document = export_learner(database, "ada")
    assert len(document["tables"]["plans"]) == 1 and len(document["tables"]["plan_checks"]) == 1
    removed = delete_learner(database, "ada")
    assert removed["plans"] == 1 and removed["plan_checks"] == 1
    assert plans.load("ada", "two-sum", "python") is None
    import_learner(database, document, "ada")
    assert plans.load("ada", "two-sum", "python") == _plan()
    assert [c.report for c in plans.checks("ada", "two-sum")] == [{"x": 1}]
