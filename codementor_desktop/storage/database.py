"""The learner database: SQLite in the data folder by default, or a shared PostgreSQL URL.

Opening checks the file and brings the schema up to date through Alembic. A damaged SQLite file
is never reset silently: it is copied aside and ``DatabaseCorrupt`` names the file and the copy.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from sqlalchemy import create_engine, event, select, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DatabaseError as SQLAlchemyDatabaseError
from sqlalchemy.orm import Session, sessionmaker

from .models import Learner

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD_REVISION = "0002"  # the newest file in migrations/versions; a test keeps them in step


class DatabaseCorrupt(RuntimeError):
    """The database file is damaged. ``backup`` is where a copy of it was kept."""

    def __init__(self, path: Path, backup: Path, reason: str):
        self.path = path
        self.backup = backup
        super().__init__(
            f"The learner database {path} is damaged ({reason}). A copy was kept at {backup}. "
            "Start with a fresh database (the damaged one stays at the copy) or restore a backup."
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
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        backup = path.with_name(f"{path.name}.damaged-{stamp}")
        shutil.copy2(path, backup)
        raise DatabaseCorrupt(path, backup, reason)


def set_aside(path: Path) -> Path:
    """Move a damaged file out of the way so a fresh database can start; returns its new path."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.set-aside-{stamp}")
    path.replace(target)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.replace(target.with_name(target.name + suffix))
    return target


class Database:
    """An engine, a session factory, and the learner ids it has already looked up."""

    def __init__(self, engine: Engine):
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._learners: dict[str, int] = {}

    @classmethod
    def open(cls, url: str) -> Database:
        """Open (and migrate) the database at ``url``."""
        if url.startswith("sqlite:///"):
            path = Path(url.removeprefix("sqlite:///"))
            path.parent.mkdir(parents=True, exist_ok=True)
            check_sqlite_file(path)
            engine = create_engine(url, connect_args={"timeout": 30})
            event.listen(engine, "connect", _sqlite_pragmas)
        else:
            engine = create_engine(url, pool_pre_ping=True)
        database = cls(engine)
        try:
            database.migrate()
        except SQLAlchemyDatabaseError as exc:
            if url.startswith("sqlite:///"):
                path = Path(url.removeprefix("sqlite:///"))
                stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
                backup = path.with_name(f"{path.name}.damaged-{stamp}")
                shutil.copy2(path, backup)
                raise DatabaseCorrupt(path, backup, str(exc.orig)) from exc
            raise
        return database

    def current_revision(self) -> str | None:
        with self.engine.connect() as connection:
            try:
                return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
            except SQLAlchemyDatabaseError:
                return None

    def migrate(self) -> None:
        """Bring the schema to the newest revision (a no-op when it is already there)."""
        if self.current_revision() == HEAD_REVISION:
            return
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    @contextmanager
    def session(self) -> Iterator[Session]:
        """A transaction: committed when the block ends, rolled back when it raises."""
        with self._sessions.begin() as session:
            yield session

    def learner_id(self, name: str) -> int:
        """The id of a learner, created on first use."""
        if name in self._learners:
            return self._learners[name]
        with self.session() as session:
            learner = session.scalar(select(Learner).where(Learner.name == name))
            if learner is None:
                learner = Learner(name=name, created_at=datetime.now())
                session.add(learner)
                session.flush()
            self._learners[name] = learner.id
        return self._learners[name]

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
