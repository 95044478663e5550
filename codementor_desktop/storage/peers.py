"""What ``compare_with_peers`` reads: in a class database, the class's quantiles on one problem
(the owner's function ``classroom.PEERS``, groups of at least five learners only), and the
learner's own values, measured the same way from their own rows (which row security lets them
read): the minutes and attempts it took them to solve the problem, and the operation counts of
their accepted code as its newest measured analysis kept them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import cast

from sqlalchemy import Table, select, text

from ..domain.vocabulary import Verdict
from .classroom import PEERS
from .database import Database
from .models import Analysis, StoredRun
from .runs import JUDGED

RUNS = cast(Table, StoredRun.__table__)
ANALYSES = cast(Table, Analysis.__table__)
LINE_EVENTS = "line events"


@dataclass(frozen=True)
class Quantiles:
    """The class's spread of one measure on a problem (``minutes``, ``attempts``, or
    ``operations`` in a language at one size): how many learners, and five quantiles."""

    measure: str
    language: str | None
    size: int | None
    learners: int
    p10: float
    p25: float
    p50: float
    p75: float
    p90: float

    def points(self) -> list[tuple[float, float]]:
        """(share of the class, value) at each quantile, the share rising."""
        return [(0.10, self.p10), (0.25, self.p25), (0.50, self.p50), (0.75, self.p75), (0.90, self.p90)]


@dataclass(frozen=True)
class Solving:
    """How the learner came to their first accepted Submit of a problem."""

    minutes: float
    attempts: int


@dataclass(frozen=True)
class Counted:
    """Line events the learner's accepted code counted, per size, in one language."""

    language: str
    sizes: list[int]
    counts: list[int]


def class_quantiles(database: Database, problem_id: str) -> list[Quantiles]:
    """The class's quantiles on the problem, from the owner's function: none for a measure fewer
    than five learners are behind."""
    with database.transaction() as connection:
        rows = connection.execute(text(f"SELECT * FROM {PEERS}(:p)"), {"p": problem_id}).all()
    return [
        Quantiles(
            str(row.measure),
            row.language,
            row.size,
            int(row.learners),
            *(float(getattr(row, name)) for name in ("p10", "p25", "p50", "p75", "p90")),
        )  # fmt: skip
        for row in rows
    ]


def own_solving(database: Database, learner: str, problem_id: str) -> Solving | None:
    """The learner's minutes from their first attempt (or the problem's opening, when earlier) to
    their first accepted Submit, and their runs up to it; None before that Submit. The same
    definitions as the class's function."""
    query = (
        select(RUNS.c.created_at, RUNS.c.submitted, RUNS.c.verdict, RUNS.c.seconds_open)
        .where(
            RUNS.c.learner_id == database.learner_id(learner),
            RUNS.c.problem_id == problem_id,
            RUNS.c.tool == JUDGED,
            RUNS.c.kind == "run",
        )
        .order_by(RUNS.c.created_at, RUNS.c.id)
    )
    with database.transaction() as connection:
        runs = connection.execute(query).all()
    for attempts, run in enumerate(runs, start=1):
        if run.submitted and run.verdict == Verdict.AC.value:
            elapsed = (run.created_at - runs[0].created_at).total_seconds()
            return Solving(max(elapsed, run.seconds_open or 0.0) / 60.0, attempts)
    return None


def own_counts(database: Database, learner: str, problem_id: str, language: str | None = None) -> Counted | None:
    """The line events of the learner's accepted code at each size, from the newest analysis of an
    accepted Submit that measured them (in ``language`` when given); None when none did."""
    query = (
        select(ANALYSES.c.language, ANALYSES.c.complexity)
        .join(RUNS, (RUNS.c.id == ANALYSES.c.run_id) & (RUNS.c.learner_id == ANALYSES.c.learner_id))
        .where(
            ANALYSES.c.learner_id == database.learner_id(learner),
            ANALYSES.c.problem_id == problem_id,
            RUNS.c.submitted.is_(True),
            RUNS.c.verdict == Verdict.AC.value,
        )
        .order_by(ANALYSES.c.created_at.desc(), ANALYSES.c.id.desc())
    )
    if language is not None:
        query = query.where(ANALYSES.c.language == language)
    with database.transaction() as connection:
        rows = connection.execute(query).all()
    for row in rows:
        try:
            measured = json.loads(row.complexity)["evidence"]["measured"]
            fit = measured["fit"]
        except (ValueError, KeyError, TypeError):
            continue
        if measured.get("counted") != LINE_EVENTS or not fit.get("sizes"):
            continue
        return Counted(row.language, [int(n) for n in fit["sizes"]], [int(c) for c in fit["counts"]])
    return None
