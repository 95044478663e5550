"""Without a PostgreSQL server the storage tests' PostgreSQL half skips and says why on a
developer's machine, and fails under CI=true: CI never passes by not testing."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO

TEST = "tests/unit/test_own_tests.py::test_the_migration_reaches_head_with_the_own_tests_table"


def run_storage_test(ci: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CODEMENTOR_TEST_POSTGRES_URL": "", "CI": ci}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rs", TEST]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(("ci", "outcome"), [("", "1 passed, 1 skipped"), ("true", "1 passed, 1 error")])
def test_without_a_server(ci, outcome):
    result = run_storage_test(ci)
    assert outcome in result.stdout, result.stdout + result.stderr
    assert "CODEMENTOR_TEST_POSTGRES_URL" in result.stdout  # says what to set
    assert (result.returncode == 0) == (ci != "true")
