"""Each problem's status for a learner (new, attempted, solved), read from the runs kept for them.

A run of a bank problem (``execute_code``) attempts it; a Submit, whose results include hidden
tests, that ends ``AC`` solves it (``ProblemStatus.of_run``). A Submit is told apart from a Run by
its results, not by a column: only a Submit runs hidden tests, so only the results of accepted
runs are opened, and only until the problem is known to be solved.
"""

from __future__ import annotations

from sqlalchemy import select

from ..domain.vocabulary import ProblemStatus, Verdict
from .database import Database
from .models import StoredRun
from .runs import decode_result

JUDGE_TOOL = "execute_code"


def problem_statuses(database: Database, learner: str) -> dict[str, ProblemStatus]:
    """The status of every problem the learner has run; a problem not listed is new."""
    learner_id = database.learner_id(learner)
    statuses: dict[str, ProblemStatus] = {}
    accepted: list[tuple[str, str]] = []
    with database.session() as session:
        rows = session.execute(
            select(StoredRun.id, StoredRun.problem_id, StoredRun.verdict).where(
                StoredRun.learner_id == learner_id,
                StoredRun.tool == JUDGE_TOOL,
                StoredRun.problem_id.is_not(None),
            )
        )
        for run_id, problem_id, verdict in rows:
            if problem_id is None:
                continue  # excluded by the query; said again for the type checker
            statuses[problem_id] = ProblemStatus.ATTEMPTED
            if verdict == Verdict.AC:
                accepted.append((run_id, problem_id))
        for run_id, problem_id in accepted:
            if statuses[problem_id] is ProblemStatus.SOLVED:
                continue
            blob = session.scalar(select(StoredRun.result).where(StoredRun.id == run_id))
            if blob is not None and was_submitted(decode_result(blob)):
                statuses[problem_id] = ProblemStatus.SOLVED
    return statuses


def was_submitted(result: dict) -> bool:
    """Whether a run result is a Submit's: it ran hidden tests."""
    return any(test.get("hidden") for test in result.get("test_results") or [])
