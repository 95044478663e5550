"""The learner database on both backends: a storage test that takes ``backend`` (or ``database``)
runs once on a fresh SQLite file and once on a fresh schema of a real PostgreSQL server.

The server is named by ``CODEMENTOR_TEST_POSTGRES_URL`` (``.ci/run`` starts one). Without it the
PostgreSQL variant skips and says why; under ``CI=true`` it fails instead, so CI never passes by
not testing.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from codementor_desktop.storage.database import Database, sqlite_url

# Read at import: the autouse ``isolated_home`` fixture clears every CODEMENTOR_* variable.
POSTGRES_URL = os.environ.get("CODEMENTOR_TEST_POSTGRES_URL", "")
BACKENDS = ("sqlite", "postgres")


@dataclass
class StorageBackend:
    """One fresh, empty database: its URL, and a way to look at it from outside the app."""

    name: str
    url: str
    path: Path | None = None  # the SQLite file

    def open(self) -> Database:
        return Database.open(self.url)

    def sql(self, statement: str, **params: Any) -> list[tuple]:
        """Run SQL on a connection of its own (as another process would) and return the rows."""
        engine = create_engine(self.url, poolclass=NullPool)
        try:
            with engine.begin() as connection:
                result = connection.execute(text(statement), params)
                return [tuple(row) for row in result] if result.returns_rows else []
        finally:
            engine.dispose()

    def count(self, table: str) -> int:
        return int(self.sql(f"SELECT count(*) FROM {table}")[0][0])


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"PostgreSQL storage tests cannot run under CI=true: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL server for the storage tests: {reason}")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StorageBackend]:
    if request.param == "sqlite":
        path = tmp_path / "learner.sqlite3"
        yield StorageBackend("sqlite", sqlite_url(path), path)
        return
    if not POSTGRES_URL:
        _unavailable(
            "set CODEMENTOR_TEST_POSTGRES_URL=postgresql+psycopg://USER:PASSWORD@HOST:PORT/DB (.ci/run starts one)"
        )
    yield from _postgres_schema()


def _postgres_schema() -> Iterator[StorageBackend]:
    """A schema of its own for one test (cheaper than a database), dropped after it."""
    try:
        admin = create_engine(POSTGRES_URL, poolclass=NullPool)
        schema = "t_" + secrets.token_hex(6)
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # noqa: BLE001 - any reason the server cannot be used is reported
        _unavailable(f"{make_url(POSTGRES_URL).render_as_string(hide_password=True)} cannot be used ({exc})")
        return
    url = make_url(POSTGRES_URL).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield StorageBackend("postgres", url.render_as_string(hide_password=False))
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def database(backend: StorageBackend) -> Iterator[Database]:
    opened = backend.open()
    yield opened
    opened.close()


@pytest.fixture
def services_on(backend: StorageBackend, isolated_home: Path, monkeypatch: pytest.MonkeyPatch):
    """The app's services on ``backend`` (``CODEMENTOR_DATABASE_URL`` names it, as in a lab)."""
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    monkeypatch.setenv("CODEMENTOR_DATABASE_URL", backend.url)
    built = Services.build(credentials=Credentials(use_keyring=False))
    yield built
    built.close()
