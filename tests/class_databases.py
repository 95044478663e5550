"""Class databases for the tests, on the real PostgreSQL server the storage tests use: a database
of its own per test, made a class's by ``class init``, dropped after with every role made for it
(roles belong to the server, so each name carries the test's own suffix)."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from codementor_desktop.storage import classroom


def sql(url: str, statement: str, **params: Any) -> list[tuple]:
    """Hand-written SQL on a connection of its own (as a curious learner's client would)."""
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            result = connection.execute(text(statement), params)
            return [tuple(row) for row in result] if result.returns_rows else []
    finally:
        engine.dispose()


def _create(admin: Engine, name: str) -> None:
    """CREATE DATABASE copies template1, and refuses while another session is connected to it, as
    another test worker's CREATE DATABASE is for a moment: the workers take turns (an advisory
    lock of the server's), and a refusal for that reason is tried again."""
    for attempt in range(8):
        with admin.connect() as connection:
            connection.execute(text("SELECT pg_advisory_lock(7100427)"))
            try:
                connection.execute(text(f'CREATE DATABASE "{name}"'))
                return
            except DBAPIError as exc:
                if "being accessed by other users" not in str(exc.orig) or attempt == 7:
                    raise
            finally:
                connection.execute(text("SELECT pg_advisory_unlock(7100427)"))
        threading.Event().wait(0.2 * (attempt + 1))  # another client of template1 (not a test's) goes


@contextmanager
def class_database_on(server_url: str, prefix: str) -> Iterator[tuple[str, str, str]]:
    """(the owner's URL, the database's name, the suffix its roles carry)."""
    suffix = secrets.token_hex(4)
    name = f"{prefix}_{suffix}"
    server = make_url(server_url)
    admin = create_engine(server.set(query={}), poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        _create(admin, name)
    except DBAPIError as exc:
        admin.dispose()
        pytest.fail(f"the test server's role must be allowed to create databases and roles: {exc.orig}")
    url = server.set(database=name, query={}).render_as_string(hide_password=False)
    classroom.init_class(url)
    try:
        yield url, name, suffix
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
            roles = connection.execute(text("SELECT rolname FROM pg_roles WHERE rolname LIKE :p"), {"p": f"%{suffix}%"})
            for (role,) in list(roles):
                connection.execute(text(f'DROP ROLE "{role}"'))
        admin.dispose()
