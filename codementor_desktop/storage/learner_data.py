"""Everything stored about one learner, as one versioned JSON document: exported (to move between
home and the lab), imported under any learner name, and deleted.

The document is ``{"format": FORMAT, "version": 1, "learner": ..., "tables": {table: [row, ...]}}``.
A row is the table's columns less the learner's id and the row's own number; times are ISO 8601,
a run's stored result is its JSON. An analysis carries its detected patterns (``"patterns"``).

Import is one transaction (it lands whole or not at all) and idempotent: a row already kept (the
same natural key, ``LearnerTable.key``) is not added again; a draft or the open problem is replaced
only by a newer one. A run keeps its id unless another learner's run has it; then it gets one
derived from the id and the learner, the same at every import, and the analyses that name it follow.
Delete is one transaction too and really removes the rows, the learner's own row last.
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, Column, DateTime, LargeBinary, MetaData, Table, delete, insert, select, update
from sqlalchemy.engine import Connection, RowMapping

from .database import HEAD_REVISION, Database

FORMAT = "codementor-learner-data"
VERSION = 1


@dataclass(frozen=True)
class LearnerTable:
    """A table keyed by ``learner_id``; ``key``: the columns that say two rows are the same one;
    ``newest``: for a table of one row per key, the time column that decides which one stays."""

    name: str
    key: tuple[str, ...]
    newest: str | None = None


# Every table with a ``learner_id`` column. A test fails when a migration adds one not listed here.
LEARNER_TABLES: list[LearnerTable] = [
    LearnerTable("runs", ("id",)),
    LearnerTable("drafts", ("problem_id", "language"), newest="saved_at"),
    LearnerTable("open_problems", (), newest="opened_at"),
    LearnerTable("analyses", ("attempt_id", "created_at")),  # with their detected_patterns
    LearnerTable("analysis_flags", ("attempt_id", "pattern_type", "created_at")),
    LearnerTable("own_tests", ("problem_id", "language", "input")),
    LearnerTable("hints_used", ("problem_id", "level", "used_at")),
    LearnerTable("tutor_escalations", ("problem_id", "reason", "escalated_at")),
    LearnerTable("session_insights", ("concluded_at", "summary")),
    LearnerTable("code_snapshots", ("problem_id", "language", "name", "saved_at")),
    LearnerTable("recommendation_flags", ("problem_id", "kind", "created_at")),
    LearnerTable("tutor_sessions", ("session_id",)),  # the ends (concluded_at, title) travel with the session
    LearnerTable("tutor_messages", ("session_id", "position")),
    LearnerTable("tutor_usage", ("session_id", "model")),
    LearnerTable("plans", ("problem_id", "language"), newest="updated_at"),
    LearnerTable("plan_checks", ("problem_id", "language", "checked_at")),
    LearnerTable("interviews", ("interview_id",)),
    LearnerTable("solutions_unlocked", ("problem_id", "reason", "unlocked_at")),
    # A later migration's learner-keyed table is added here (a test fails until it is).
]
# Tables whose rows are named by an id other rows use (unique across learners), and its column.
NAMED_BY_ID = {"runs": "id", "tutor_sessions": "session_id", "interviews": "interview_id"}
CHILD = "detected_patterns"  # rows of an analysis, exported inside it as "patterns"


class BadExport(ValueError):
    """The document cannot be imported; the message says where and why. Nothing was kept."""


def _tables(connection: Connection) -> dict[str, Table]:
    """The tables as the database has them (reflected: a table a later migration adds needs no model)."""
    metadata = MetaData()
    names = [t.name for t in LEARNER_TABLES] + [CHILD, "learners", "rate_events"]
    metadata.reflect(connection, only=names)
    return dict(metadata.tables)


def _find_learner(connection: Connection, learners: Table, name: str) -> int | None:
    found = connection.execute(select(learners.c.id).where(learners.c.name == name)).scalar()
    return int(found) if found is not None else None


# --- export ---------------------------------------------------------------------------------


def export_learner(database: Database, learner: str) -> dict[str, Any]:
    """The document of everything kept about ``learner`` (empty tables when nothing is)."""
    with database.transaction() as connection:
        tables = _tables(connection)
        learner_id = _find_learner(connection, tables["learners"], learner)
        out: dict[str, list[dict[str, Any]]] = {}
        for spec in LEARNER_TABLES:
            table = tables[spec.name]
            rows: list[dict[str, Any]] = []
            if learner_id is not None:
                query = select(table).where(table.c.learner_id == learner_id).order_by(*table.primary_key.columns)
                for found in connection.execute(query):
                    rows.append(_plain(table, found._mapping, drop={"learner_id"}))
                if spec.name == "analyses":
                    _attach_patterns(connection, tables[CHILD], learner_id, table, rows)
            if spec.name != "runs":  # a run's id is its name; other rows' numbers are this database's
                for plain in rows:
                    plain.pop("id", None)
            out[spec.name] = rows
    return export_document(learner, out)


def export_document(
    learner: str, tables: dict[str, list[dict[str, Any]]], unreadable: list[str] | None = None
) -> dict[str, Any]:
    """The export's file: every learner table (empty where ``tables`` has none), and where the
    database was damaged, what could not be read (``salvage.py``)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "schema_revision": HEAD_REVISION,
        "exported_at": datetime.now().isoformat(timespec="seconds"),
        "learner": learner,
        "tables": {spec.name: tables.get(spec.name, []) for spec in LEARNER_TABLES},
    }
    if unreadable is not None:
        document["unreadable"] = unreadable
    return document


def _attach_patterns(connection: Connection, patterns: Table, learner_id: int, analyses: Table, rows: list) -> None:
    """Give each exported analysis (still carrying its ``id``) its detected patterns."""
    mine = select(analyses.c.id).where(analyses.c.learner_id == learner_id)
    by_analysis: dict[int, list[dict[str, Any]]] = {}
    query = select(patterns).where(patterns.c.analysis_id.in_(mine)).order_by(patterns.c.id)
    for row in connection.execute(query):
        plain = _plain(patterns, row._mapping, drop={"id", "analysis_id"})
        by_analysis.setdefault(int(row.analysis_id), []).append(plain)
    for analysis in rows:
        analysis["patterns"] = by_analysis.get(int(analysis["id"]), [])


def _plain(table: Table, row: RowMapping, drop: set[str]) -> dict[str, Any]:
    """A row as JSON values."""
    out: dict[str, Any] = {}
    for column in table.columns:
        if column.name in drop:
            continue
        value = row[column.name]
        if isinstance(value, datetime):
            value = value.isoformat()
        elif isinstance(value, (bytes, memoryview)):
            value = _binary_out(bytes(value))
        out[column.name] = value
    return out


def _binary_out(blob: bytes) -> dict[str, Any]:
    """A stored result: its JSON when it is compressed JSON (every run's is), else base64."""
    try:
        return {"zlib_json": json.loads(zlib.decompress(blob))}
    except (zlib.error, ValueError):
        return {"base64": base64.b64encode(blob).decode("ascii")}


# --- import ---------------------------------------------------------------------------------


def import_learner(database: Database, document: Any, learner: str) -> dict[str, int]:
    """Add the document's rows to ``learner`` (created when new); returns rows added per table.
    Raises ``BadExport`` naming what is wrong; then nothing is kept."""
    body = _checked(document)
    learner_id = database.learner_id(learner)
    added: dict[str, int] = {}
    with database.transaction() as connection:
        tables = _tables(connection)
        run_ids: dict[str, str] = {}
        for spec in LEARNER_TABLES:
            rows = body.get(spec.name, [])
            if not isinstance(rows, list):
                raise BadExport(f"tables.{spec.name} must be a list of rows, not {type(rows).__name__}")
            table = tables[spec.name]
            count = 0
            for index, raw in enumerate(rows):
                where = f"tables.{spec.name}[{index}]"
                if not isinstance(raw, dict):
                    raise BadExport(f"{where} must be an object")
                raw = dict(raw)
                patterns = raw.pop("patterns", []) if spec.name == "analyses" else None
                values = _values(table, raw, where)
                values["learner_id"] = learner_id
                _follow_run_ids(spec.name, values, run_ids, connection, table, learner, learner_id)
                new_id = _add(connection, table, spec, values)
                if new_id is None:
                    continue
                count += 1
                if patterns:
                    _add_patterns(connection, tables[CHILD], new_id, patterns, where)
            added[spec.name] = count
    return added


def _checked(document: Any) -> dict[str, Any]:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BadExport(f'this is not a CodeMentor learner export (its "format" is not {FORMAT!r})')
    version = document.get("version")
    if not isinstance(version, int) or version < 1:
        raise BadExport('the export has no valid "version"')
    if version > VERSION:
        raise BadExport(
            f"the export is version {version}, made by a newer CodeMentor; this one reads version {VERSION}"
        )
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise BadExport('the export has no "tables" object')
    known = {spec.name for spec in LEARNER_TABLES}
    unknown = sorted(set(tables) - known)
    if unknown:
        raise BadExport(f"the export has tables this CodeMentor does not keep: {', '.join(unknown)}")
    return tables


def _values(table: Table, raw: dict[str, Any], where: str) -> dict[str, Any]:
    """A row of the document as column values, each checked against its column."""
    columns = {c.name: c for c in table.columns if c.name not in ("learner_id",)}
    if table.name != "runs":
        columns.pop("id", None)
    unknown = sorted(set(raw) - set(columns))
    if unknown:
        raise BadExport(f"{where} has columns {table.name} does not: {', '.join(unknown)}")
    values: dict[str, Any] = {}
    for name, column in columns.items():
        if name not in raw:
            if not column.nullable and column.server_default is None:
                raise BadExport(f"{where} lacks {name!r}")
            continue
        values[name] = _value_in(column, raw[name], f"{where}.{name}")
    return values


def _value_in(column: Column, value: Any, where: str) -> Any:
    if value is None:
        if not column.nullable and not column.primary_key:
            raise BadExport(f"{where} must not be null")
        return None
    if isinstance(column.type, DateTime):
        try:
            return datetime.fromisoformat(value)
        except (TypeError, ValueError):
            raise BadExport(f"{where} must be an ISO 8601 time such as 2026-03-01T09:30:00, not {value!r}") from None
    if isinstance(column.type, LargeBinary):
        if isinstance(value, dict) and "zlib_json" in value:
            return zlib.compress(json.dumps(value["zlib_json"], separators=(",", ":")).encode("utf-8"), 3)
        if isinstance(value, dict) and isinstance(value.get("base64"), str):
            return base64.b64decode(value["base64"])
        raise BadExport(f'{where} must be {{"zlib_json": ...}} or {{"base64": ...}}')
    if isinstance(column.type, Boolean):
        if not isinstance(value, bool):
            raise BadExport(f"{where} must be true or false")
        return value
    python_type = _python_type(column)
    if python_type is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, bool) or (python_type is not None and not isinstance(value, python_type)):
        raise BadExport(f"{where} must be {getattr(python_type, '__name__', 'a value')}, not {value!r}")
    length = getattr(column.type, "length", None)
    if isinstance(value, str) and length is not None and len(value) > length:
        raise BadExport(f"{where} has {len(value)} characters; the column keeps at most {length}")
    return value


def _python_type(column: Column) -> type | None:
    """The column's Python type, or None for a type that has none (SQLAlchemy raises for those)."""
    try:
        return column.type.python_type
    except Exception:  # noqa: BLE001 - such a column's values are not checked by type
        return None


def _follow_run_ids(
    name: str, values: dict[str, Any], run_ids: dict[str, str], connection: Connection, table: Table,
    learner: str, learner_id: int,
) -> None:  # fmt: skip
    """Keep a run's (or a tutor session's) id unless another learner's has it; rows naming a run
    or a session follow its id."""
    if name in NAMED_BY_ID:
        named = NAMED_BY_ID[name]
        old = values[named]
        owner = connection.execute(select(table.c.learner_id).where(table.c[named] == old)).scalar()
        if owner is not None and owner != learner_id:
            values[named] = _derived_run_id(old, learner)
        run_ids[old] = values[named]
        return
    for column in ("attempt_id", "run_id", "session_id"):
        if values.get(column) in run_ids:
            values[column] = run_ids[values[column]]


def _derived_run_id(run_id: str, learner: str) -> str:
    prefix = run_id.split("_", 1)[0] + "_"
    return prefix + hashlib.sha256(f"{run_id}\0{learner}".encode()).hexdigest()[:12]


def _add(connection: Connection, table: Table, spec: LearnerTable, values: dict[str, Any]) -> int | str | None:
    """Insert the row unless it is kept already (or replace an older one of a one-row key);
    returns its id (its key when it has no id), or None when nothing changed."""
    same = [table.c.learner_id == values["learner_id"]]
    same += [table.c[column] == values.get(column) for column in spec.key]
    kept = connection.execute(select(table).where(*same)).first()
    if kept is not None:
        if spec.newest is None or values[spec.newest] <= kept._mapping[spec.newest]:
            return None
        connection.execute(update(table).where(*same).values(**values))
        return "replaced"
    result = connection.execute(insert(table).values(**values))
    if "id" in table.c and spec.name != "runs":
        key = result.inserted_primary_key
        assert key is not None
        return int(key[0])
    return values.get("id", "added")


def _add_patterns(connection: Connection, patterns: Table, analysis_id: Any, rows: Any, where: str) -> None:
    if not isinstance(rows, list):
        raise BadExport(f"{where}.patterns must be a list")
    for index, raw in enumerate(rows):
        if not isinstance(raw, dict):
            raise BadExport(f"{where}.patterns[{index}] must be an object")
        columns = {c.name: c for c in patterns.columns if c.name not in ("id", "analysis_id")}
        unknown = sorted(set(raw) - set(columns))
        if unknown:
            raise BadExport(f"{where}.patterns[{index}] has columns detected_patterns does not: {', '.join(unknown)}")
        values = {k: _value_in(columns[k], v, f"{where}.patterns[{index}].{k}") for k, v in raw.items()}
        connection.execute(insert(patterns).values(analysis_id=analysis_id, **values))


# --- delete ---------------------------------------------------------------------------------


def delete_learner(database: Database, learner: str) -> dict[str, int]:
    """Remove every row about ``learner``, their own row last; returns rows removed per table."""
    removed: dict[str, int] = {}
    with database.transaction() as connection:
        tables = _tables(connection)
        learner_id = _find_learner(connection, tables["learners"], learner)
        if learner_id is not None:
            analyses = tables["analyses"]
            mine = select(analyses.c.id).where(analyses.c.learner_id == learner_id)
            removed[CHILD] = _delete(connection, tables[CHILD], tables[CHILD].c.analysis_id.in_(mine))
            for spec in LEARNER_TABLES:
                table = tables[spec.name]
                removed[spec.name] = _delete(connection, table, table.c.learner_id == learner_id)
        events = tables["rate_events"]
        removed["rate_events"] = _delete(connection, events, events.c.learner == learner)
        learners = tables["learners"]
        removed["learners"] = _delete(connection, learners, learners.c.name == learner)
    database.forget_learner(learner)
    return removed


def _delete(connection: Connection, table: Table, where: Any) -> int:
    return int(connection.execute(delete(table).where(where)).rowcount or 0)
