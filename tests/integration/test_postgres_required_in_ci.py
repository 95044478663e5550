"""Without a PostgreSQL server the storage tests' PostgreSQL half skips and says why on a
developer's machine, and fails under CI=true: CI never passes by not testing."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import REPO

TEST = "tests/unit/test_own_tests.py::test_the_migration_reaches_head_with_the_own_tests_table"


def run_storage_test(ci: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CODEMENTOR_TEST_POSTGRES_URL": "", "CI": ci}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rs", TEST]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)


def outcome(summary: str) -> dict[str, int]:
    """The counts of pytest's last line ("1 passed, 3 warnings, 1 error in 2.7s"), warnings aside:
    an environment without pytest-qt warns about its settings."""
    last = summary.strip().splitlines()[-1]
    return {kind: int(n) for n, kind in re.findall(r"(\d+) (passed|skipped|error|failed)", last)}


@pytest.mark.parametrize(("ci", "counts"), [("", {"passed": 1, "skipped": 1}), ("true", {"passed": 1, "error": 1})])
def test_without_a_server(ci, counts):
    result = run_storage_test(ci)
    assert outcome(result.stdout) == counts, result.stdout + result.stderr
    assert "CODEMENTOR_TEST_POSTGRES_URL" in result.stdout  # says what to set
    assert (result.returncode == 0) == (ci != "true")
