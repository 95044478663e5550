"""A learner brings their history from home into a class database, as docs/classroom.md says:
``codementor data export FILE`` at home, then ``codementor data import FILE`` on the lab machine
after ``class join`` (the URL kept without its password, the password from the keyring or
``CODEMENTOR_DATABASE_PASSWORD``). Real processes, a real PostgreSQL server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy.engine import make_url

from codementor_desktop.storage.database import sqlite_url
from tests.conftest import REPO
from tests.integration.test_class_database import ClassDatabase, class_database, practise, sql

__all__ = ["class_database"]  # the fixture, used here by name


def codementor(home: Path, *words: str, **environ: str) -> subprocess.CompletedProcess[str]:
    """The command line, as a learner runs it, with its own home and no keyring."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CODEMENTOR_")}
    env.update(CODEMENTOR_HOME=str(home), CODEMENTOR_SYSTEM_CONFIG=str(home / "system"))
    env.update(PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring", **environ)
    return subprocess.run(
        [sys.executable, "-m", "codementor_desktop", *words],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
        env=env,
    )


def test_a_learners_history_from_home_joins_the_class_under_their_login(class_database: ClassDatabase, tmp_path):
    home, lab = tmp_path / "home", tmp_path / "lab"
    (home / "data").mkdir(parents=True)
    practise(sqlite_url(home / "data" / "codementor.sqlite3"), "ada_at_home")
    exported = codementor(home, "data", "export", str(tmp_path / "ada.json"), CODEMENTOR_USER="ada_at_home")
    assert exported.returncode == 0, exported.stderr
    assert json.loads((tmp_path / "ada.json").read_text(encoding="utf-8"))

    ada = class_database.learner("ada")
    parsed = make_url(ada.url)
    (lab / "config").mkdir(parents=True)
    without_password = parsed.set(password=None).render_as_string(hide_password=False)
    (lab / "config" / "settings.toml").write_text(f'database_url = "{without_password}"\n', encoding="utf-8")
    password = {"CODEMENTOR_DATABASE_PASSWORD": parsed.password or ""}

    # Without --as: the learner is the login, whatever this machine's account is called.
    imported = codementor(lab, "data", "import", str(tmp_path / "ada.json"), CODEMENTOR_USER="someone", **password)
    assert imported.returncode == 0, imported.stderr
    assert f"Imported into {ada.name}" in imported.stdout
    mine = sql(ada.url, "SELECT count(*) FROM runs")
    assert mine == [(1,)]
    again = codementor(lab, "data", "import", str(tmp_path / "ada.json"), "--as", ada.name, **password)
    assert again.returncode == 0, again.stderr
    assert sql(ada.url, "SELECT count(*) FROM runs") == mine  # nothing twice
    assert sql(class_database.url, "SELECT l.name FROM runs r JOIN learners l ON l.id = r.learner_id") == [(ada.name,)]

    # Claiming another learner's name is refused by the database itself.
    grace = class_database.learner("grace")
    claimed = codementor(lab, "data", "import", str(tmp_path / "ada.json"), "--as", grace.name, **password)
    assert claimed.returncode == 2 and "refused rows for " + grace.name in claimed.stderr, claimed.stderr
    assert sql(class_database.url, "SELECT count(*) FROM runs") == [(1,)]

    # And the class history goes home the same way.
    back = codementor(lab, "data", "export", "--user", ada.name, str(tmp_path / "ada-class.json"), **password)
    assert back.returncode == 0, back.stderr
    assert json.loads((tmp_path / "ada-class.json").read_text(encoding="utf-8"))
