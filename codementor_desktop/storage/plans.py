"""A learner's plans (one per problem and language) and the outcome of every ``/debug`` of them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, delete, func, insert, select, update

from ..domain.plan import Plan, parse_steps
from .database import Database
from .models import PlanCheck, StoredPlan

PLANS = cast(Table, StoredPlan.__table__)
CHECKS = cast(Table, PlanCheck.__table__)


@dataclass(frozen=True)
class PlanCheckOutcome:
    """What one ``/debug`` of a plan found, counted per expectation."""

    problem_id: str
    language: str
    expectations: int
    held: int
    broken: int
    never_reached: int
    unreadable: int
    guessed: bool
    tests_passed: bool
    report: dict[str, Any]
    checked_at: datetime | None = None


@dataclass(frozen=True)
class PlanTotals:
    """A learner's planning, counted for the profile and ``get_user_progress``."""

    plans: int  # problems (and languages) with a plan
    anchored: int  # of those, plans with a step anchored to lines
    checks: int  # ``/debug`` runs
    expectations_checked: int
    held: int
    broken: int
    planned_first: int  # plans begun before the problem's first run


class Plans:
    """Every learner's plans in one database."""

    def __init__(self, database: Database):
        self._database = database

    def load(self, learner: str, problem_id: str, language: str) -> Plan | None:
        learner_id = self._database.learner_id(learner)
        with self._database.session() as session:
            row = session.get(StoredPlan, (learner_id, problem_id, language))
            if row is None:
                return None
            return Plan(problem_id, language, parse_steps(json.loads(row.steps)))

    def save(self, learner: str, plan: Plan) -> datetime:
        """Keep ``plan`` (replacing the learner's plan for its problem and language); an empty
        plan removes it. Returns the time it was kept."""
        learner_id = self._database.learner_id(learner)
        now = datetime.now()
        key = (
            PLANS.c.learner_id == learner_id,
            PLANS.c.problem_id == plan.problem_id,
            PLANS.c.language == plan.language,
        )
        with self._database.transaction() as connection:
            if not plan.steps:
                connection.execute(delete(PLANS).where(*key))
                return now
            kept = connection.execute(select(PLANS.c.learner_id).where(*key)).first()
            values = {"steps": plan.steps_json(), "updated_at": now}
            if kept is None:
                connection.execute(
                    insert(PLANS).values(
                        learner_id=learner_id,
                        problem_id=plan.problem_id,
                        language=plan.language,
                        created_at=now,
                        **values,
                    )
                )
            else:
                connection.execute(update(PLANS).where(*key).values(**values))
        return now

    def record_check(self, learner: str, outcome: PlanCheckOutcome) -> None:
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            connection.execute(
                insert(CHECKS).values(
                    learner_id=learner_id,
                    problem_id=outcome.problem_id,
                    language=outcome.language,
                    checked_at=outcome.checked_at or datetime.now(),
                    expectations=outcome.expectations,
                    held=outcome.held,
                    broken=outcome.broken,
                    never_reached=outcome.never_reached,
                    unreadable=outcome.unreadable,
                    guessed=outcome.guessed,
                    tests_passed=outcome.tests_passed,
                    report=json.dumps(outcome.report, default=str),
                )
            )

    def checks(self, learner: str, problem_id: str | None = None) -> list[PlanCheckOutcome]:
        """The learner's ``/debug`` outcomes, oldest first (of one problem when it is named)."""
        learner_id = self._database.learner_id(learner)
        query = select(CHECKS).where(CHECKS.c.learner_id == learner_id)
        if problem_id is not None:
            query = query.where(CHECKS.c.problem_id == problem_id)
        with self._database.transaction() as connection:
            rows = connection.execute(query.order_by(CHECKS.c.checked_at, CHECKS.c.id)).mappings().all()
        return [
            PlanCheckOutcome(
                problem_id=row["problem_id"],
                language=row["language"],
                expectations=row["expectations"],
                held=row["held"],
                broken=row["broken"],
                never_reached=row["never_reached"],
                unreadable=row["unreadable"],
                guessed=bool(row["guessed"]),
                tests_passed=bool(row["tests_passed"]),
                report=json.loads(row["report"]),
                checked_at=row["checked_at"],
            )
            for row in rows
        ]

    def totals(self, learner: str) -> PlanTotals:
        """The learner's plans and checks, counted (what the profile says about planning)."""
        from .models import StoredRun

        runs = cast(Table, StoredRun.__table__)
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            plans = connection.execute(select(PLANS).where(PLANS.c.learner_id == learner_id)).mappings().all()
            first_runs = dict(
                connection.execute(
                    select(runs.c.problem_id, func.min(runs.c.created_at))
                    .where(runs.c.learner_id == learner_id, runs.c.problem_id.is_not(None))
                    .group_by(runs.c.problem_id)
                ).all()
            )
            sums = connection.execute(
                select(
                    func.count(CHECKS.c.id),
                    func.coalesce(func.sum(CHECKS.c.expectations), 0),
                    func.coalesce(func.sum(CHECKS.c.held), 0),
                    func.coalesce(func.sum(CHECKS.c.broken), 0),
                ).where(CHECKS.c.learner_id == learner_id)
            ).one()
        anchored = sum(1 for row in plans if any(step.get("lines") for step in json.loads(row["steps"])))
        # "Planned first": no run of the problem before the plan was last kept; a plan edited after
        # runs counts only when the problem had no runs at all before it.
        planned_first = sum(
            1
            for row in plans
            if first_runs.get(row["problem_id"]) is None or row["updated_at"] <= first_runs[row["problem_id"]]
        )
        return PlanTotals(
            plans=len(plans),
            anchored=anchored,
            checks=int(sums[0]),
            expectations_checked=int(sums[1]),
            held=int(sums[2]),
            broken=int(sums[3]),
            planned_first=planned_first,
        )
