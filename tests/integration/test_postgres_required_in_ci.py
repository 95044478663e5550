"""Without PostgreSQL the storage tests' PostgreSQL half skips and says why on a developer's
machine, and fails under CI=true: CI never passes by not testing. Where it is installed but no
server is named, the tests start one of their own and run."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.conftest import REPO
from tests.throwaway_postgres import NotInstalled, find_programs

TEST = "tests/unit/test_own_tests.py::test_the_migration_reaches_head_with_the_own_tests_table"


def run_storage_test(ci: str, programs: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "CODEMENTOR_TEST_POSTGRES_URL": "", "CODEMENTOR_TEST_POSTGRES_BIN": programs, "CI": ci}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-rs", TEST]
    return subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=600)


def outcome(summary: str) -> dict[str, int]:
    """The counts of pytest's last line ("1 passed, 3 warnings, 1 error in 2.7s"), warnings aside:
    an environment without pytest-qt warns about its settings."""
    last = summary.strip().splitlines()[-1]
    return {kind: int(n) for n, kind in re.findall(r"(\d+) (passed|skipped|error|failed)", last)}


@pytest.mark.parametrize(("ci", "counts"), [("", {"passed": 1, "skipped": 1}), ("true", {"passed": 1, "error": 1})])
def test_without_postgresql(ci, counts, tmp_path):
    result = run_storage_test(ci, str(tmp_path))  # a folder without PostgreSQL's programs
    assert outcome(result.stdout) == counts, result.stdout + result.stderr
    assert "PostgreSQL is not installed" in result.stdout  # says why
    assert "CODEMENTOR_TEST_POSTGRES_URL" in result.stdout  # and what to set
    assert (result.returncode == 0) == (ci != "true")


def test_installed_but_not_running_starts_a_server_of_its_own():
    try:
        programs = find_programs()
    except NotInstalled as exc:
        pytest.skip(str(exc))
    result = run_storage_test("true", str(programs))
    assert outcome(result.stdout) == {"passed": 2}, result.stdout + result.stderr
