"""The learner database: SQLite in the data folder by default, or a shared PostgreSQL URL.

Opening checks the file and brings the schema up to date (Alembic is imported only when the schema
is behind). A damaged SQLite file is never reset silently: one copy of it is kept (named by its
content, so trying again does not make another) and ``DatabaseCorrupt`` names the file, the copy
and how to start fresh.

Before the schema of an existing SQLite file is upgraded, a copy of the file is kept beside it,
named with the revision it had (``learner.sqlite3.before-0004``): an upgrade that goes wrong, or a
newer app the learner leaves, loses nothing. A shared PostgreSQL database is backed up by whoever
runs it (``pg_dump``); its upgrade runs in one transaction.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import cast

from sqlalchemy import Table, create_engine, event, insert, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DatabaseError as SQLAlchemyDatabaseError
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from .models import Learner
from .paths import keep_private, private_file

log = logging.getLogger(__name__)
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD_REVISION = "0009"  # the newest file in migrations/versions; a test keeps them in step


class DatabaseCorrupt(RuntimeError):
    """The database file is damaged. ``backup`` is where a copy of it was kept."""

    def __init__(self, path: Path, backup: Path, reason: str):
        self.path = path
        self.backup = backup
        super().__init__(
            f"The learner database {path} is damaged ({reason}). A copy was kept at {backup}. "
            "Start with a fresh database (`codementor data reset`; the copy stays) or restore a backup."
        )


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def check_sqlite_file(path: Path) -> None:
    """Raise ``DatabaseCorrupt`` (after keeping a copy) when the file is not a sound database."""
    if not path.exists() or path.stat().st_size == 0:
        return
    reason = None
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
            row = connection.execute("PRAGMA quick_check").fetchone()
            if not row or row[0] != "ok":
                reason = str(row[0] if row else "no answer to the integrity check")
    except sqlite3.DatabaseError as exc:
        reason = str(exc)
    if reason is not None:
        raise DatabaseCorrupt(path, keep_damaged_copy(path), reason)


def _kept_path(path: Path, label: str) -> Path:
    """``<name>.<label>-<hash of the content>``: the same bytes always get the same name."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return path.with_name(f"{path.name}.{label}-{digest.hexdigest()[:12]}")


def keep_damaged_copy(path: Path) -> Path:
    """Copy the damaged file aside, unless this very damage was kept already; returns the copy."""
    backup = _kept_path(path, "damaged")
    if not backup.exists():
        tmp = backup.with_name(backup.name + ".tmp")
        shutil.copy2(path, tmp)
        tmp.replace(backup)
    return backup


def set_aside(path: Path) -> Path:
    """Move a database file out of the way so a fresh one can start; returns where it is kept.

    A damaged file whose copy was kept already is not kept twice. Its ``-wal``/``-shm`` companions
    go with it: a fresh file must never pick up an old write-ahead log."""
    damaged = _kept_path(path, "damaged")
    target = damaged if damaged.exists() else _kept_path(path, "set-aside")
    if target.exists():
        path.unlink()
    else:
        path.replace(target)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.replace(target.with_name(target.name + suffix))
    return target


class Database:
    """An engine, a session factory, and the learner ids it has already looked up."""

    def __init__(self, engine: Engine, path: Path | None = None):
        self.engine = engine
        self.path = path  # the SQLite file, or None for a server
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._learners: dict[str, int] = {}
        self._learners_lock = threading.Lock()  # the drafts' writer thread asks too

    @classmethod
    def open(cls, url: str) -> Database:
        """Open (and migrate) the database at ``url``."""
        path = None
        if url.startswith("sqlite:///"):
            path = Path(url.removeprefix("sqlite:///"))
            check_sqlite_file(path)
            # The owner's only; SQLite gives its -wal and -shm files the database's own mode.
            private_file(path)
            for sibling in ("-wal", "-shm", "-journal"):
                keep_private(path.with_name(path.name + sibling))
            engine = create_engine(url, connect_args={"timeout": 30})
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_engine(url, pool_pre_ping=True)
        database = cls(engine, path)
        try:
            database.migrate()
        except SQLAlchemyDatabaseError as exc:
            if url.startswith("sqlite:///"):
                path = Path(url.removeprefix("sqlite:///"))
                database.close()
                raise DatabaseCorrupt(path, keep_damaged_copy(path), str(exc.orig)) from exc
            raise
        return database

    def current_revision(self) -> str | None:
        with self.engine.connect() as connection:
            try:
                return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except SQLAlchemyDatabaseError:
                return None

    def migrate(self) -> None:
        """Bring the schema to the newest revision (a no-op when it is already there), keeping a
        copy of an existing SQLite file first."""
        revision = self.current_revision()
        if revision == HEAD_REVISION:
            return
        if revision is not None and self.path is not None:
            log.info("database upgraded from %s; the file before it is kept at %s", revision, self.keep_copy(revision))
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def keep_copy(self, revision: str) -> Path:
        """Copy the SQLite file to ``<name>.before-<revision>`` (``-2``, ``-3``... when that name is
        taken) and return the copy. SQLite's backup copies what the write-ahead log holds too."""
        assert self.path is not None
        target = self.path.with_name(f"{self.path.name}.before-{revision}")
        number = 1
        while target.exists():
            number += 1
            target = self.path.with_name(f"{self.path.name}.before-{revision}-{number}")
        partial = target.with_name(target.name + ".tmp")
        with sqlite3.connect(self.path) as source, sqlite3.connect(partial) as copy:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, with no -wal beside it
        source.close()
        copy.close()
        partial.replace(target)
        return target

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back when it raises."""
        with self._sessions.begin() as session:
            yield session

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """A connection in a transaction, for SQLAlchemy Core statements. The stores of runs and
        rate events use it: the ORM's first flush costs a one-off command about 150 ms."""
        with self.engine.begin() as connection:
            yield connection

    def learner_id(self, name: str) -> int:
        """The id of a learner, created on first use.

        Two threads of this app, or two machines sharing one PostgreSQL database, may create the
        same learner at once: the loser of that race reads the winner's row instead of failing.
        """
        with self._learners_lock:
            if name not in self._learners:
                self._learners[name] = self._find_or_create_learner(name)
            return self._learners[name]

    def forget_learner(self, name: str) -> None:
        """Drop the remembered id of a learner whose row was deleted (a later use creates anew)."""
        with self._learners_lock:
            self._learners.pop(name, None)

    def learner_names(self) -> list[str]:
        """Every learner kept in this database, by name (the window's "Who is practicing?")."""
        learners = cast(Table, Learner.__table__)
        with self.transaction() as connection:
            return sorted(str(name) for name in connection.execute(select(learners.c.name)).scalars())

    def _find_or_create_learner(self, name: str) -> int:
        learners = cast(Table, Learner.__table__)
        find = select(learners.c.id).where(learners.c.name == name)
        with self.transaction() as connection:
            found = connection.execute(find).scalar()
        if found is not None:
            return int(found)
        try:
            with self.transaction() as connection:
                key = connection.execute(
                    insert(learners).values(name=name, created_at=datetime.now())
                ).inserted_primary_key
                assert key is not None  # a one-row insert always has its key
                return int(key[0])
        except IntegrityError:  # another process created the learner in between
            with self.transaction() as connection:
                return int(connection.execute(find).scalar_one())

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
