"""Every test runs against its own CODEMENTOR_HOME: no test touches the user's files."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parent.parent
# ``backend`` and ``database``: storage tests on SQLite and on PostgreSQL.
pytest_plugins = ("tests.storage_backends",)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker's end is short: execnet gives a worker 5 s after the last test before it
    sends it a SIGINT, and pytest's last garbage collections walk every object the worker has
    (a million after the integration tests, seconds on a busy machine; the KeyboardInterrupt then
    lands in whatever runs, Hypothesis's gc callback). One collection here, before the worker
    says it has finished (its unraisable exceptions are still reported), then the survivors are
    frozen out of the later ones."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("CODEMENTOR_HOME", str(home))
    monkeypatch.setenv("CODEMENTOR_SYSTEM_CONFIG", str(home / "system"))
    monkeypatch.setenv("CODEMENTOR_USER", "ada")
    for name in list(os.environ):
        if name.startswith("CODEMENTOR_") and name not in (
            "CODEMENTOR_HOME",
            "CODEMENTOR_SYSTEM_CONFIG",
            "CODEMENTOR_USER",
        ):
            monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def services(isolated_home):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    built = Services.build(credentials=Credentials(use_keyring=False))
    yield built
    built.close()


@pytest.fixture
def executor():
    from codementor_desktop.runner.executor import Executor
    from codementor_desktop.runner.local import LocalRunner

    return Executor(LocalRunner())
