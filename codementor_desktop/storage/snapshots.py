"""Named versions of a learner's code (``save_code_snapshot``), kept beside the draft the editor
saves as they type, and a problem's history: its snapshots and its attempts (the runs, with their
code), newest first, for the window to list and restore.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, insert, select

from .database import Database
from .models import CodeSnapshot, StoredRun

SNAPSHOTS = cast(Table, CodeSnapshot.__table__)
RUNS = cast(Table, StoredRun.__table__)
MAX_CODE_CHARS = 200_000  # the editor's own limit on a file a person writes is far below this
MAX_NAME_CHARS = 120
ATTEMPT_TOOLS = ("execute_code", "bp_execute")


class BadSnapshot(ValueError):
    """The snapshot cannot be kept as given; the message says which part and why."""


@dataclass(frozen=True)
class Snapshot:
    snapshot_id: int
    problem_id: str
    language: str
    name: str
    code: str
    saved_at: datetime


@dataclass(frozen=True)
class Attempt:
    """A stored run of the problem; ``code`` is None for runs kept before the code was."""

    run_id: str
    language: str | None
    verdict: str | None
    submitted: bool
    code: str | None
    ran_at: datetime


class CodeSnapshots:
    """Every learner's snapshots in one database."""

    def __init__(self, database: Database):
        self._database = database

    def save(
        self, learner: str, problem_id: str, code: str, language: str = "python", name: str | None = None
    ) -> Snapshot:
        """Keep ``code`` as a new snapshot (named by the time when no name is given). One
        transaction: a snapshot is kept whole or not at all. Raises ``BadSnapshot``."""
        if not problem_id.strip():
            raise BadSnapshot("a snapshot belongs to a problem: problem_id is empty")
        if len(code) > MAX_CODE_CHARS:
            raise BadSnapshot(f"the code has {len(code):,} characters; a snapshot keeps at most {MAX_CODE_CHARS:,}")
        saved_at = datetime.now()
        name = (name or "").strip() or saved_at.strftime("snapshot %Y-%m-%d %H:%M:%S")
        if len(name) > MAX_NAME_CHARS:
            raise BadSnapshot(f"the name has {len(name)} characters; at most {MAX_NAME_CHARS}")
        learner_id = self._database.learner_id(learner)
        with self._database.transaction() as connection:
            key = connection.execute(
                insert(SNAPSHOTS).values(
                    learner_id=learner_id, problem_id=problem_id, language=language, name=name, code=code,
                    saved_at=saved_at,
                )
            ).inserted_primary_key  # fmt: skip
        assert key is not None  # a one-row insert always has its key
        return Snapshot(int(key[0]), problem_id, language, name, code, saved_at)

    def list(self, learner: str, problem_id: str) -> list[Snapshot]:
        """The learner's snapshots of ``problem_id``, newest first."""
        learner_id = self._database.learner_id(learner)
        query = (
            select(SNAPSHOTS)
            .where(SNAPSHOTS.c.learner_id == learner_id, SNAPSHOTS.c.problem_id == problem_id)
            .order_by(SNAPSHOTS.c.saved_at.desc(), SNAPSHOTS.c.id.desc())
        )
        with self._database.transaction() as connection:
            rows = connection.execute(query).all()
        return [Snapshot(r.id, r.problem_id, r.language, r.name, r.code, r.saved_at) for r in rows]

    def attempts(self, learner: str, problem_id: str, limit: int = 200) -> builtins.list[Attempt]:
        """The learner's runs of ``problem_id`` (Run and Submit), newest first."""
        learner_id = self._database.learner_id(learner)
        query = (
            select(RUNS.c.id, RUNS.c.language, RUNS.c.verdict, RUNS.c.submitted, RUNS.c.code, RUNS.c.created_at)
            .where(
                RUNS.c.learner_id == learner_id,
                RUNS.c.problem_id == problem_id,
                RUNS.c.kind == "run",
                RUNS.c.tool.in_(ATTEMPT_TOOLS),
            )
            .order_by(RUNS.c.created_at.desc(), RUNS.c.id)
            .limit(limit)
        )
        with self._database.transaction() as connection:
            rows = connection.execute(query).all()
        return [Attempt(r.id, r.language, r.verdict, bool(r.submitted), r.code, r.created_at) for r in rows]
