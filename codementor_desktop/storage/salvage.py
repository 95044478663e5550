"""A learner's export from a damaged SQLite file: every row that can still be read, and a list of
what could not be.

A damaged page costs the rows on it, not the learner's whole history: each table is read whole
when it can be, else row by row in the order of its rowids, stepping over the rows that cannot
be read and naming them (by rowid: whose they were cannot be known). The file is only read
(``mode=ro``), never repaired: ``DatabaseCorrupt`` has kept a copy of it already.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Select, Table, create_engine, literal_column, select
from sqlalchemy.engine import Connection, RowMapping
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.elements import ColumnClause

from .learner_data import CHILD, LEARNER_TABLES, _plain, _tables, export_document

ROWID: ColumnClause[Any] = literal_column("rowid")
# Past a row that cannot be read, the next readable one is looked for this far at most: rowids
# are small counts here, so beyond it nothing is left to find.
_FURTHEST_ROWID = 1 << 40


def salvage_learner(path: Path, learner: str) -> tuple[dict[str, Any], list[str]]:
    """The export document of ``learner`` from the damaged file at ``path``, with what could not
    be read (each a sentence, also in the document as ``"unreadable"``)."""
    unreadable: list[str] = []
    engine = create_engine("sqlite://", creator=lambda: sqlite3.connect(f"file:{path}?mode=ro", uri=True))
    try:
        with engine.connect() as connection:
            try:
                tables = _tables(connection)
            except DBAPIError as exc:
                unreadable.append(f"the list of tables ({_reason(exc)}): nothing could be read")
                return export_document(learner, {}, unreadable), unreadable
            learner_id = _learner_id(connection, tables["learners"], learner, unreadable)
            out: dict[str, list[dict[str, Any]]] = {}
            for spec in LEARNER_TABLES:
                table = tables[spec.name]
                mine = _of("learner_id", {learner_id})
                rows = [] if learner_id is None else list(_readable_rows(connection, table, mine, unreadable))
                plain = [_plain(table, row, drop={"learner_id"}) for row in rows]
                if spec.name == "analyses":
                    _attach_patterns(connection, tables[CHILD], plain, unreadable)
                if spec.name != "runs":
                    for row in plain:
                        row.pop("id", None)
                out[spec.name] = plain
    finally:
        engine.dispose()
    return export_document(learner, out, unreadable), unreadable


def _of(column: str, values: set[Any]) -> Callable[[RowMapping], bool]:
    return lambda row: row[column] in values


def _attach_patterns(
    connection: Connection, patterns: Table, analyses: list[dict[str, Any]], unreadable: list[str]
) -> None:
    """Give each analysis (still carrying its ``id``) the detected patterns that can be read."""
    by_analysis: dict[Any, list[dict[str, Any]]] = {}
    wanted = _of("analysis_id", {analysis["id"] for analysis in analyses})
    for found in _readable_rows(connection, patterns, wanted, unreadable):
        by_analysis.setdefault(found["analysis_id"], []).append(_plain(patterns, found, drop={"id", "analysis_id"}))
    for analysis in analyses:
        analysis["patterns"] = by_analysis.get(analysis["id"], [])


def _learner_id(connection: Connection, learners: Table, name: str, unreadable: list[str]) -> int | None:
    found = [row["id"] for row in _readable_rows(connection, learners, _of("name", {name}), unreadable)]
    return int(found[0]) if found else None


def _readable_rows(
    connection: Connection, table: Table, wanted: Callable[[RowMapping], bool], unreadable: list[str]
) -> Iterator[RowMapping]:
    """The rows of ``table`` that ``wanted`` keeps: read whole when the table can be, else one row
    at a time in rowid order, stepping over the rows that cannot be read (each run of them named in
    ``unreadable``). The filter is applied here, not by SQL: an index is a b-tree that can be
    damaged too."""
    after = 0
    try:
        rows = list(connection.execute(_from(table, after)).mappings())
    except DBAPIError:
        rows = None
    if rows is not None:
        yield from filter(wanted, rows)
        return
    while True:
        try:
            row = connection.execute(_from(table, after).limit(1)).mappings().first()
        except DBAPIError as exc:
            resume = _next_readable(connection, table, after + 1)
            gone = f"the rows from rowid {after + 1} on" if resume is None else _span(after + 1, resume - 1)
            unreadable.append(f"table {table.name}: {gone} could not be read ({_reason(exc)})")
            if resume is None:
                return
            after = resume - 1
            continue
        if row is None:
            return
        after = int(row["_rowid"])
        if wanted(row):
            yield row


def _from(table: Table, after: int) -> Select[Any]:
    """The rows past rowid ``after``, in rowid order."""
    return select(table, ROWID.label("_rowid")).where(ROWID > after).order_by(ROWID)


def _next_readable(connection: Connection, table: Table, failing: int) -> int | None:
    """The smallest rowid past ``failing`` (where a read fails) from which a read works again, or
    None: found by doubling the step until a read works, then halving back to the first that does."""
    bad, step, good = failing, 1, None
    while bad + step <= _FURTHEST_ROWID:
        if _reads_from(connection, table, bad + step):
            good = bad + step
            break
        bad, step = bad + step, step * 2
    if good is None:
        return None
    while good - bad > 1:
        middle = (bad + good) // 2
        if _reads_from(connection, table, middle):
            good = middle
        else:
            bad = middle
    return good


def _reads_from(connection: Connection, table: Table, rowid: int) -> bool:
    """Whether the first row at or past ``rowid`` (if any) can be read."""
    try:
        connection.execute(_from(table, rowid - 1).limit(1)).all()
        return True
    except DBAPIError:
        return False


def _span(first: int, last: int) -> str:
    return f"the row of rowid {first}" if first == last else f"the rows of rowids {first} to {last}"


def _reason(exc: DBAPIError) -> str:
    return str(exc.orig) if exc.orig is not None else str(exc)
