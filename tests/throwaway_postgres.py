"""A throwaway PostgreSQL server for the storage tests, started from the machine's own binaries.

pytest-postgresql's executor runs ``initdb`` and ``pg_ctl start``/``stop`` through one ``pg_ctl``.
``initdb`` refuses to run as root: where the tests run as root, that ``pg_ctl`` is a two-line
script that runs the real one as an unprivileged account (``postgres``, Debian's, or ``nobody``),
and the server's folder belongs to that account. Each pytest process (each xdist worker) starts
its own server the first time a storage test asks for one, on a free port, and stops it at the end.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import port_for
from pytest_postgresql.executors.proc import PostgreSQLExecutor
from sqlalchemy import Connection, Engine, create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

DATABASE = "codementor_test"
# Where Debian and Ubuntu keep each major version's programs (none of them on PATH).
DEBIAN_GLOB = "/usr/lib/postgresql/*/bin"


class NotInstalled(Exception):
    """No PostgreSQL programs on this machine: the message says where they were looked for."""


def find_programs(named: str = "") -> Path:
    """The folder of ``pg_ctl`` and ``initdb``: ``named`` if given, else PATH, else Debian's newest."""
    if named:
        folders = [Path(named)]
        where = named
    else:
        on_path = shutil.which("pg_ctl")
        debian = sorted(glob.glob(DEBIAN_GLOB), key=lambda p: _major(Path(p).parent.name), reverse=True)
        folders = ([Path(on_path).parent] if on_path else []) + [Path(p) for p in debian]
        where = f"PATH and {DEBIAN_GLOB}"
    for folder in folders:
        if (folder / "pg_ctl").is_file() and (folder / "initdb").is_file():
            return folder
    raise NotInstalled(f"PostgreSQL is not installed (no pg_ctl and initdb in {where})")


def _major(name: str) -> int:
    return int(name) if name.isdigit() else -1


@dataclass
class ThrowawayServer:
    """A running server: ``url`` names the empty test database; ``stop()`` ends it and its files."""

    url: str
    executor: PostgreSQLExecutor
    folder: Path

    def stop(self) -> None:
        try:
            self.executor.stop()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start(programs: Path) -> ThrowawayServer:
    """initdb a fresh cluster in a temporary folder, start it on a free port, create the database."""
    owner = _unprivileged_account() if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="codementor-postgres-"))
    server = folder / "server"  # the account's: its data, socket and log
    server.mkdir()
    pg_ctl = programs / "pg_ctl"
    if owner is not None:
        folder.chmod(0o711)  # the account passes through; the script beside it stays root's
        os.chown(server, owner.pw_uid, owner.pw_gid)
        pg_ctl = _as_account(folder / "pg_ctl", pg_ctl, owner.pw_name, server)
    port = port_for.select_random()
    executor = PostgreSQLExecutor(
        executable=str(pg_ctl),
        host="127.0.0.1",
        port=port,
        datadir=str(server / "data"),
        unixsocketdir=str(server),
        logfile=str(server / "server.log"),
        startparams="-w",
        dbname=DATABASE,
        user="postgres",
        timeout=120,  # a busy machine's initdb and first start
    )
    try:
        executor.start()
        admin = create_engine(f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres", poolclass=NullPool)
        with _first_connection(admin).execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text(f"CREATE DATABASE {DATABASE}"))
        admin.dispose()
    except BaseException:
        log = server / "server.log"
        detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        ThrowawayServer("", executor, folder).stop()
        if detail:
            raise RuntimeError(f"the throwaway PostgreSQL server did not start; its log ends:\n{detail}") from None
        raise
    return ThrowawayServer(f"postgresql+psycopg://postgres@127.0.0.1:{port}/{DATABASE}", executor, folder)


def _unprivileged_account() -> pwd.struct_passwd:
    """The account the server runs as where the tests run as root (initdb refuses root)."""
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise NotInstalled("the tests run as root and there is no postgres or nobody account to run PostgreSQL as")


def _as_account(script: Path, pg_ctl: Path, account: str, home: Path) -> Path:
    """A ``pg_ctl`` that runs the real one as ``account``, from a folder that account may enter."""
    script.write_text(f'#!/bin/sh\ncd "{home}" || exit 1\nexec runuser -u {account} -- "{pg_ctl}" "$@"\n')
    script.chmod(stat.S_IRWXU)
    return script


def _first_connection(engine: Engine, seconds: float = 60.0) -> Connection:
    """A connection once the server takes one: its port opens while it is still starting up, and on
    a busy machine the first connection can come then ("the database system is starting up")."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return engine.connect()
        except OperationalError as exc:
            if "starting up" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)  # the server's own start: nothing to wait on but its answer
