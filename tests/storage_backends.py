"""The learner database on both backends: a storage test that takes ``backend`` (or ``database``)
runs once on a fresh SQLite file and once on a fresh schema of a real PostgreSQL server.

The server is the one ``CODEMENTOR_TEST_POSTGRES_URL`` names (``.ci/run`` starts one); without
it, a throwaway server started from the machine's PostgreSQL programs (``throwaway_postgres.py``;
``CODEMENTOR_TEST_POSTGRES_BIN`` names their folder where they are not found). Only where
PostgreSQL is not installed does the PostgreSQL variant skip and say why; under ``CI=true`` it
fails instead, so CI never passes by not testing.
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
from tests import throwaway_postgres

# Read at import: the autouse ``isolated_home`` fixture clears every CODEMENTOR_* variable.
POSTGRES_URL = os.environ.get("CODEMENTOR_TEST_POSTGRES_URL", "")
POSTGRES_BIN = os.environ.get("CODEMENTOR_TEST_POSTGRES_BIN", "")
BACKENDS = ("sqlite", "postgres")
URL_FORM = "postgresql+psycopg://USER:PASSWORD@HOST:PORT/DB"


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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of the PostgreSQL database the storage tests use, a server of its own if need be."""
    if POSTGRES_URL:
        yield POSTGRES_URL
        return
    try:
        server = throwaway_postgres.start(throwaway_postgres.find_programs(POSTGRES_BIN))
    except throwaway_postgres.NotInstalled as exc:
        _unavailable(f"{exc}; install it, or set CODEMENTOR_TEST_POSTGRES_URL={URL_FORM}")
        return
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StorageBackend]:
    if request.param == "sqlite":
        path = tmp_path / "learner.sqlite3"
        yield StorageBackend("sqlite", sqlite_url(path), path)
        return
    yield from _postgres_schema(request.getfixturevalue("postgres_server"))


def _postgres_schema(server_url: str) -> Iterator[StorageBackend]:
    """A schema of its own for one test (cheaper than a database), dropped after it."""
    try:
        admin = create_engine(server_url, poolclass=NullPool)
        schema = "t_" + secrets.token_hex(6)
        with admin.begin() as connection:
            connection.execute(text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:  # noqa: BLE001 - any reason the server cannot be used is reported
        _unavailable(f"{make_url(server_url).render_as_string(hide_password=True)} cannot be used ({exc})")
        return
    url = make_url(server_url).update_query_dict({"options": f"-csearch_path={schema}"})
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
