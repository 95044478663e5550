"""The learner's data as tools: named snapshots of their code and a problem's history, and
everything about them exported, imported and deleted (thin adapters onto ``storage``).

Each tool is about the current learner only: ``user_id`` and ``as_user`` may name no one else
(``FORBIDDEN``). Deleting is the learner's own act: a model or the coach cannot ask for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..domain.vocabulary import Caller, ErrorCode
from ..storage.learner_data import BadExport, delete_learner, export_learner, import_learner
from ..storage.snapshots import BadSnapshot, CodeSnapshots
from .context import ToolContext
from .errors import ToolFailure
from .registry import AnyTool, Tool
from .schemas import DeleteLearnerData, ExportLearnerData, ImportLearnerData, ListCodeHistory, SaveCodeSnapshot
from .workbench import Workbench

if TYPE_CHECKING:
    from .learner_results import (
        CodeHistory,
        KeptSnapshot,
        LearnerDeleted,
        LearnerExport,
        LearnerImported,
        PastAttempt,
        SnapshotSaved,
    )


def save_code_snapshot(args: SaveCodeSnapshot, context: ToolContext, services: Workbench) -> SnapshotSaved:
    try:
        snapshot = CodeSnapshots(services.runs.database).save(
            context.learner, args.problem_id, args.code, args.language, args.name
        )
    except BadSnapshot as exc:
        raise ToolFailure(ErrorCode.INVALID_ARGUMENTS, f"The snapshot was not kept: {exc}.") from None
    return {
        "status": "ok",
        "snapshot_id": snapshot.snapshot_id,
        "name": snapshot.name,
        "saved_at": snapshot.saved_at.isoformat(timespec="seconds"),
    }


def list_code_history(args: ListCodeHistory, context: ToolContext, services: Workbench) -> CodeHistory:
    store = CodeSnapshots(services.runs.database)
    snapshots: list[KeptSnapshot] = [
        {
            "snapshot_id": s.snapshot_id,
            "name": s.name,
            "language": s.language,
            "code": s.code,
            "saved_at": s.saved_at.isoformat(timespec="seconds"),
        }
        for s in store.list(context.learner, args.problem_id)
    ]
    attempts: list[PastAttempt] = [
        {
            "run_id": a.run_id,
            "language": a.language,
            "verdict": a.verdict,
            "submitted": a.submitted,
            "code": a.code,
            "ran_at": a.ran_at.isoformat(timespec="seconds"),
        }
        for a in store.attempts(context.learner, args.problem_id)
    ]
    return {"status": "ok", "problem_id": args.problem_id, "snapshots": snapshots, "attempts": attempts}


def export_learner_data(_args: ExportLearnerData, context: ToolContext, services: Workbench) -> LearnerExport:
    return {"status": "ok", "export": export_learner(services.runs.database, context.learner)}


def import_learner_data(args: ImportLearnerData, context: ToolContext, services: Workbench) -> LearnerImported:
    if args.as_user is not None and args.as_user != context.learner:
        raise ToolFailure(
            ErrorCode.FORBIDDEN,
            "as_user must be the current learner's name; omit it to import as the current learner.",
            field_errors=[{"field": "as_user", "message": "not the current learner"}],
        )
    try:
        imported = import_learner(services.runs.database, args.export, context.learner)
    except BadExport as exc:
        raise ToolFailure(
            ErrorCode.INVALID_ARGUMENTS,
            f"Nothing was imported: {exc}.",
            field_errors=[{"field": "export", "message": str(exc)}],
        ) from None
    return {"status": "ok", "learner": context.learner, "imported": imported}


def delete_learner_data(_args: DeleteLearnerData, context: ToolContext, services: Workbench) -> LearnerDeleted:
    if context.caller in (Caller.MODEL, Caller.COACH):
        raise ToolFailure(
            ErrorCode.FORBIDDEN,
            "Only the learner can delete their data: from the window or with `codementor data delete`.",
        )
    deleted = delete_learner(services.runs.database, context.learner)
    return {"status": "ok", "learner": context.learner, "deleted": deleted}


TOOLS: list[AnyTool] = [
    Tool(SaveCodeSnapshot, save_code_snapshot),
    Tool(ListCodeHistory, list_code_history),
    Tool(ExportLearnerData, export_learner_data),
    Tool(ImportLearnerData, import_learner_data),
    Tool(DeleteLearnerData, delete_learner_data),
]
