"""Small, real stand-ins for the profile's tools in the window's tests, under the agreed names and
result shapes: ``get_user_progress``, ``get_personalized_recommendation``, ``flag_recommendation``,
``save_code_snapshot``, ``list_code_history``, ``export_learner_data``, ``import_learner_data`` and
``delete_learner_data``. The tools themselves are built and tested with the profile and the
storage; the window's side is what these tests exercise.

What they compute is simple but real: progress counts the learner's runs in the database (a
problem run is attempted, a Submit accepted is solved; mastery is the share solved of each topic
and of the patterns the bank says a problem trains), recommendations are the bank's problems the
learner has not run yet (a starter path under 3 attempted problems), snapshots and flags are kept
in memory per learner, and deleting really removes the learner's runs and drafts rows.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from datetime import date, datetime
from typing import Any, ClassVar, Literal

import pytest
from pydantic import Field
from sqlalchemy import delete, select

from codementor_desktop.domain.vocabulary import ProblemStatus
from codementor_desktop.storage.models import Draft, OpenProblem, StoredRun
from codementor_desktop.storage.progress import problem_statuses, was_submitted
from codementor_desktop.storage.runs import decode_result
from codementor_desktop.tools.registry import Tool
from codementor_desktop.tools.schemas import ToolArguments


class UserProgress(ToolArguments):
    NAME: ClassVar[str] = "get_user_progress"
    user_id: str | None = None


class Recommend(ToolArguments):
    NAME: ClassVar[str] = "get_personalized_recommendation"
    user_id: str | None = None
    num_recommendations: int = Field(default=3, ge=1, le=10)
    difficulty_preference: Literal["easy", "medium", "hard", "adaptive"] = "adaptive"
    topic_filter: list[str] | None = None
    exclude_recent: bool = True


class Flag(ToolArguments):
    NAME: ClassVar[str] = "flag_recommendation"
    user_id: str | None = None
    problem_id: str
    kind: Literal["skip", "not_relevant"]


class SaveSnapshot(ToolArguments):
    NAME: ClassVar[str] = "save_code_snapshot"
    user_id: str | None = None
    problem_id: str
    code: str
    language: str | None = None
    name: str | None = None


class History(ToolArguments):
    NAME: ClassVar[str] = "list_code_history"
    user_id: str | None = None
    problem_id: str


class Export(ToolArguments):
    NAME: ClassVar[str] = "export_learner_data"
    user_id: str | None = None


class Import(ToolArguments):
    NAME: ClassVar[str] = "import_learner_data"
    export: dict[str, Any]
    as_user: str | None = None


class Delete(ToolArguments):
    NAME: ClassVar[str] = "delete_learner_data"
    user_id: str | None = None
    confirm: bool


class Kept:
    """What the stand-ins keep in memory: snapshots and flags per learner, and every call made."""

    def __init__(self) -> None:
        self.snapshots: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.flags: dict[str, dict[str, str]] = defaultdict(dict)
        self.calls: list[tuple[str, str]] = []  # (tool, learner)
        self.ids = itertools.count(1)


def _runs(services, learner: str) -> list[Any]:
    learner_id = services.database.learner_id(learner)
    with services.database.session() as session:
        return list(session.execute(
            select(StoredRun.id, StoredRun.problem_id, StoredRun.language, StoredRun.verdict, StoredRun.created_at,
                   StoredRun.result).where(StoredRun.learner_id == learner_id, StoredRun.tool == "execute_code")
            .order_by(StoredRun.created_at)
        ))  # fmt: skip


def progress(services, learner: str) -> dict[str, Any]:
    statuses = problem_statuses(services.database, learner)
    bank = services.bank
    by_topic: dict[str, dict[str, int]] = defaultdict(lambda: {"attempts": 0, "solved": 0})
    by_difficulty: dict[str, dict[str, int]] = defaultdict(lambda: {"attempts": 0, "solved": 0})
    patterns: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for problem_id, status in statuses.items():
        problem = bank.get(problem_id)
        if problem is None:
            continue
        solved = int(status is ProblemStatus.SOLVED)
        for topic in problem.topics:
            by_topic[topic.value]["attempts"] += 1
            by_topic[topic.value]["solved"] += solved
        by_difficulty[problem.difficulty.value]["attempts"] += 1
        by_difficulty[problem.difficulty.value]["solved"] += solved
        for pattern in problem.patterns:
            patterns[pattern][0] += 1
            patterns[pattern][1] += solved
    topics = {t: round(100 * (row["solved"] + 0.5) / (row["attempts"] + 1)) for t, row in by_topic.items()}
    mastery_patterns = {p: round(100 * (s + 0.5) / (n + 1)) for p, (n, s) in patterns.items()}
    solved_total = sum(1 for s in statuses.values() if s is ProblemStatus.SOLVED)
    readiness = round(sum(topics.values()) / 6) if topics else 0
    return {
        "status": "ok", "user_id": learner, "overall_readiness_score": readiness, "problems_solved": solved_total,
        "solved_by_difficulty": {level: by_difficulty[level]["solved"] for level in ("easy", "medium", "hard")},
        "consistency_streak": 1 if statuses else 0,
        "mastery": {"patterns": mastery_patterns, "topics": topics},
        "uncertainty": {"patterns": {p: 1 / (1 + n) for p, (n, _s) in patterns.items()},
                        "topics": {t: 1 / (1 + row["attempts"]) for t, row in by_topic.items()}},
        "history": {"by_topic": dict(by_topic), "by_difficulty": dict(by_difficulty)},
        "trend": [{"date": date.today().isoformat(), "readiness": readiness, "patterns": mastery_patterns,
                   "topics": topics}] if statuses else [],
    }  # fmt: skip


def register(services, kept: Kept | None = None) -> Kept:
    """Register every stand-in on ``services``' registry; returns what they keep."""
    kept = kept or Kept()

    def noted(name: str, context) -> str:
        kept.calls.append((name, context.learner))
        return context.learner

    def user_progress(args: UserProgress, context, workbench) -> dict:
        return progress(services, noted(args.NAME, context))

    def recommend(args: Recommend, context, workbench) -> dict:
        learner = noted(args.NAME, context)
        statuses = problem_statuses(services.database, learner)
        flagged = kept.flags[learner]
        fresh = [p for p in services.bank.all() if p.id not in statuses and p.id not in flagged]
        starter = len(statuses) < 3
        items = [
            {"problem_id": p.id, "title": p.title, "difficulty": p.difficulty.value,
             "topics": [t.value for t in p.topics], "relevance_score": 0.9 - 0.1 * n,
             "reason": ("A starter problem many begin with: a good first step." if starter else
                        f"Trains {p.patterns[0].replace('_', ' ')}, where your profile is weakest."),
             "targeted_weaknesses": list(p.patterns[:2]), "success_rate": 0.7,
             "estimated_minutes": p.estimated_minutes}
            for n, p in enumerate(fresh[: args.num_recommendations])
        ]  # fmt: skip
        return {"status": "ok", "recommendations": items, "weakness_summary": {}, "starter_path": starter}

    def flag(args: Flag, context, workbench) -> dict:
        kept.flags[noted(args.NAME, context)][args.problem_id] = args.kind
        return {"status": "ok"}

    def save_snapshot(args: SaveSnapshot, context, workbench) -> dict:
        learner = noted(args.NAME, context)
        saved_at = datetime.now().isoformat(timespec="seconds")
        snapshot_id = f"snap_{next(kept.ids)}"
        kept.snapshots[learner].append({"snapshot_id": snapshot_id, "problem_id": args.problem_id, "name": args.name or "",
                                        "language": args.language or "python", "code": args.code, "saved_at": saved_at})  # fmt: skip
        return {"status": "ok", "snapshot_id": snapshot_id, "saved_at": saved_at}

    def history(args: History, context, workbench) -> dict:
        learner = noted(args.NAME, context)
        snapshots = [s for s in kept.snapshots[learner] if s["problem_id"] == args.problem_id]
        attempts = [
            {"run_id": row.id, "language": row.language, "verdict": row.verdict,
             "submitted": was_submitted(decode_result(row.result)), "code": "",
             "ran_at": row.created_at.isoformat(timespec="seconds")}
            for row in _runs(services, learner) if row.problem_id == args.problem_id
        ]  # fmt: skip
        return {"status": "ok", "snapshots": snapshots, "attempts": attempts}

    def export(args: Export, context, workbench) -> dict:
        learner = noted(args.NAME, context)
        runs = [
            {"problem_id": r.problem_id, "language": r.language, "verdict": r.verdict} for r in _runs(services, learner)
        ]
        return {"status": "ok", "export": {"learner": learner, "runs": runs, "snapshots": kept.snapshots[learner]}}

    def import_(args: Import, context, workbench) -> dict:
        learner = args.as_user or str(args.export.get("learner"))
        noted(args.NAME, context)
        runs = list(args.export.get("runs") or [])
        for run in runs:
            services.runs.save("run", "execute_code", learner, {"verdict": run["verdict"]}, problem_id=run["problem_id"],
                               language=run["language"], verdict=run["verdict"])  # fmt: skip
        kept.snapshots[learner].extend(args.export.get("snapshots") or [])
        return {"status": "ok", "imported": {"runs": len(runs), "snapshots": len(args.export.get("snapshots") or [])}}

    def delete_(args: Delete, context, workbench) -> dict:
        learner = noted(args.NAME, context)
        learner_id = services.database.learner_id(learner)
        counts = {}
        with services.database.session() as session:
            for table in (StoredRun, Draft, OpenProblem):
                counts[table.__tablename__] = session.execute(
                    delete(table).where(table.learner_id == learner_id)
                ).rowcount
        counts["snapshots"] = len(kept.snapshots.pop(learner, []))
        return {"status": "ok", "deleted": counts}

    for arguments, handler in (
        (UserProgress, user_progress), (Recommend, recommend), (Flag, flag), (SaveSnapshot, save_snapshot),
        (History, history), (Export, export), (Import, import_), (Delete, delete_),
    ):  # fmt: skip
        services.registry.register(Tool(arguments, handler))
    return kept


@pytest.fixture
def kept(services):
    """The stand-ins, registered on the services' registry; what they keep, for the test to read."""
    return register(services)


@pytest.fixture
def profile_window(qtbot, services, kept):
    """A window whose profile tools are the stand-ins; closed at the end, leaving nothing running."""
    from tests.gui.conftest import make_window, window_leftovers

    main = make_window(qtbot, services)
    yield main
    main.close()
    assert window_leftovers(main) == []
