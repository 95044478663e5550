"""Each problem's status for a learner (new, attempted, solved), read from the runs kept for them.

A run of a bank problem (``execute_code``) attempts it; a Submit, whose results include hidden
tests, that ends ``AC`` solves it (``ProblemStatus.of_run``). The run's ``submitted`` column
(migration 0005, filled for older runs from their results) tells a Submit from a Run.
"""

from __future__ import annotations

from sqlalchemy import select

from ..domain.vocabulary import ProblemStatus
from .database import Database
from .models import StoredRun
from .runs import was_submitted

__all__ = ["problem_statuses", "was_submitted"]

JUDGE_TOOL = "execute_code"


def problem_statuses(database: Database, learner: str) -> dict[str, ProblemStatus]:
    """The status of every problem the learner has run; a problem not listed is new."""
    learner_id = database.learner_id(learner)
    statuses: dict[str, ProblemStatus] = {}
    with database.session() as session:
        rows = session.execute(
            select(StoredRun.problem_id, StoredRun.verdict, StoredRun.submitted).where(
                StoredRun.learner_id == learner_id,
                StoredRun.tool == JUDGE_TOOL,
                StoredRun.problem_id.is_not(None),
            )
        )
        for problem_id, verdict, submitted in rows:
            if problem_id is None:
                continue  # excluded by the query; said again for the type checker
            status = ProblemStatus.of_run(verdict, submitted=bool(submitted))
            statuses[problem_id] = statuses.get(problem_id, ProblemStatus.NEW).at_least(status)
    return statuses
