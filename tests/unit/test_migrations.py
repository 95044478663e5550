"""A database made by an older app upgrades when this one opens it, its rows kept: one built by
the first schema (0001), and one of 0004 whose runs gain the attempt's facts from their results.
Before an SQLite file is upgraded a copy of it is kept, named with the revision it had."""

from __future__ import annotations

import sqlite3
import zlib
from datetime import datetime

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, inspect
from sqlalchemy.pool import NullPool

from codementor_desktop.storage.database import HEAD_REVISION, MIGRATIONS
from codementor_desktop.storage.drafts import Drafts
from codementor_desktop.storage.runs import RunStore
from tests.storage_backends import StorageBackend

NEW_TABLES = {"hints_used", "tutor_escalations", "session_insights", "code_snapshots"}


def build_at(backend: StorageBackend, revision: str) -> None:
    """The schema an older app made: upgraded to ``revision`` only."""
    engine = create_engine(backend.url, poolclass=NullPool)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
    engine.dispose()


def blob(result: str) -> bytes:
    return zlib.compress(result.encode())


def test_a_database_of_the_first_schema_upgrades_with_its_rows(backend):
    build_at(backend, "0001")
    assert backend.sql("SELECT version_num FROM alembic_version") == [("0001",)]
    backend.sql("INSERT INTO learners (id, name, created_at) VALUES (1, 'ada', :at)", at=datetime(2026, 1, 5))
    backend.sql(
        "INSERT INTO runs (id, learner_id, kind, tool, problem_id, language, verdict, created_at, result) "
        "VALUES ('run_old000000001', 1, 'run', 'execute_code', 'two-sum', 'python', 'AC', :at, :result)",
        at=datetime(2026, 1, 5, 10),
        result=blob('{"verdict": "AC", "problem_version": 2, "test_results": [{"hidden": true}]}'),
    )
    backend.sql("INSERT INTO notes (key, value) VALUES ('created', 'by the first app')")

    database = backend.open()
    assert database.current_revision() == HEAD_REVISION
    assert NEW_TABLES <= set(inspect(database.engine).get_table_names())
    assert database.learner_id("ada") == 1  # the same learner, not a new one
    assert RunStore(database).get("run_old000000001", learner="ada")["problem_version"] == 2
    assert Drafts(database, "ada").statuses() == {"two-sum": "solved"}  # the Submit read from its result
    database.close()
    assert backend.sql("SELECT problem_version, submitted, seconds_open FROM runs") == [(2, True, None)]
    assert backend.sql("SELECT value FROM notes") == [("by the first app",)]


def test_runs_of_0004_gain_the_attempts_facts_and_unreadable_ones_keep_defaults(backend):
    build_at(backend, "0004")
    backend.sql("INSERT INTO learners (id, name, created_at) VALUES (1, 'ada', :at)", at=datetime(2026, 1, 5))
    rows = {
        "run_a00000000001": blob('{"verdict": "WA", "test_results": [{"hidden": false}]}'),
        "run_a00000000002": b"not zlib at all",
        "trace_a000000001": blob('{"steps": []}'),
    }
    for run_id, result in rows.items():
        kind = run_id.split("_")[0]
        backend.sql(
            "INSERT INTO runs (id, learner_id, kind, tool, problem_id, created_at, result) "
            "VALUES (:id, 1, :kind, 'execute_code', 'two-sum', :at, :result)",
            id=run_id, kind=kind, at=datetime(2026, 1, 6), result=result,
        )  # fmt: skip
    backend.open().close()
    stored = backend.sql("SELECT id, problem_version, submitted FROM runs ORDER BY id")
    assert stored == [
        ("run_a00000000001", None, False),
        ("run_a00000000002", None, False),
        ("trace_a000000001", None, False),
    ]


def test_a_copy_of_the_file_is_kept_before_each_upgrade(tmp_path):
    backend = StorageBackend("sqlite", f"sqlite:///{tmp_path / 'learner.sqlite3'}", tmp_path / "learner.sqlite3")
    build_at(backend, "0003")
    backend.sql("INSERT INTO learners (id, name, created_at) VALUES (1, 'ada', :at)", at=datetime(2026, 1, 5))
    backend.open().close()
    copy = tmp_path / "learner.sqlite3.before-0003"
    with sqlite3.connect(copy) as kept:
        assert kept.execute("SELECT version_num FROM alembic_version").fetchall() == [("0003",)]
        assert kept.execute("SELECT name FROM learners").fetchall() == [("ada",)]
        assert "own_tests" not in {row[0] for row in kept.execute("SELECT name FROM sqlite_master")}
    backend.open().close()  # at head already: no upgrade, no new copy
    assert sorted(p.name for p in tmp_path.glob("learner.sqlite3.before-*")) == ["learner.sqlite3.before-0003"]

    fresh = tmp_path / "fresh.sqlite3"  # a new file has nothing to keep
    StorageBackend("sqlite", f"sqlite:///{fresh}", fresh).open().close()
    assert not list(tmp_path.glob("fresh.sqlite3.before-*"))


def test_a_second_upgrade_from_the_same_revision_keeps_its_own_copy(tmp_path):
    path = tmp_path / "learner.sqlite3"
    backend = StorageBackend("sqlite", f"sqlite:///{path}", path)
    build_at(backend, "0004")
    backend.open().close()
    path.unlink()
    for extra in tmp_path.glob("learner.sqlite3-*"):
        extra.unlink()
    build_at(backend, "0004")
    backend.open().close()
    names = sorted(p.name for p in tmp_path.glob("learner.sqlite3.before-*"))
    assert names == ["learner.sqlite3.before-0004", "learner.sqlite3.before-0004-2"]
