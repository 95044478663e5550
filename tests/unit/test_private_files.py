"""The learner's data is theirs alone: the data folder 0700, the database and the MCP token 0600,
whether the app makes them or finds them made wider (by an older version, or by hand)."""

from __future__ import annotations

import os
import sqlite3
import stat

import pytest

from codementor_desktop.mcp_server.serving import bearer_token, token_file
from codementor_desktop.storage.paths import AppPaths
from codementor_desktop.storage.secrets import Credentials
from codementor_desktop.tools.services import Services

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX modes")


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def start(paths: AppPaths) -> str:
    """What the app does at its start: its services (the database), then the MCP server's token."""
    Services.build(credentials=Credentials(use_keyring=False)).close()
    return bearer_token(paths)


def test_what_the_app_makes_is_the_owners_only(isolated_home):
    old = os.umask(0o022)  # the usual umask, which alone would give 0644 and 0755
    try:
        paths = AppPaths.discover()
        start(paths)
    finally:
        os.umask(old)
    assert mode(paths.data_dir) == 0o700
    assert mode(paths.database_file) == 0o600
    assert mode(token_file(paths)) == 0o600


def test_what_the_app_finds_wider_is_corrected_and_kept(isolated_home):
    paths = AppPaths.discover()
    paths.data_dir.mkdir(parents=True)
    paths.data_dir.chmod(0o755)
    with sqlite3.connect(paths.database_file) as connection:
        connection.execute("CREATE TABLE kept (value TEXT)")
        connection.execute("INSERT INTO kept VALUES ('mine')")
    connection.close()
    paths.database_file.chmod(0o644)
    token = "t" * 43
    token_file(paths).write_text(token + "\n")
    token_file(paths).chmod(0o644)

    assert start(paths) == token  # the token is kept: the clients that hold it go on working
    assert mode(paths.data_dir) == 0o700
    assert mode(paths.database_file) == 0o600
    assert mode(token_file(paths)) == 0o600
    with sqlite3.connect(paths.database_file) as connection:
        assert connection.execute("SELECT value FROM kept").fetchall() == [("mine",)]
    connection.close()
