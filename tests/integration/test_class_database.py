"""A class database on a real PostgreSQL server: row-level security keeps each learner to their
own rows, checked with hand-written SQL on each learner's own login, as a curious learner would.

Each test gets a database of its own (roles are the server's, so every name here is unique to the
test), made by ``class init`` and the learners ``class add-learner`` makes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError, ProgrammingError
from sqlalchemy.pool import NullPool

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.storage import classroom
from codementor_desktop.storage.database import Database
from codementor_desktop.storage.plans import Plans
from codementor_desktop.storage.runs import RunStore
from tests.class_databases import class_database_on, sql


@dataclass
class ClassDatabase:
    url: str  # the owner's
    name: str
    suffix: str

    def learner(self, name: str, instructor: bool = False) -> classroom.NewLearner:
        return classroom.add_learner(self.url, f"{name}_{self.suffix}", instructor=instructor)


@pytest.fixture
def class_database(postgres_server: str) -> Iterator[ClassDatabase]:
    with class_database_on(postgres_server, "class") as (url, name, suffix):
        yield ClassDatabase(url, name, suffix)


SUBMIT_AC = {"verdict": "AC", "test_results": [{"test_id": 1, "hidden": True, "passed": True}]}


def practise(url: str, learner: str) -> None:
    """What a learner's app writes: a run, a plan (through the app's own stores)."""
    database = Database.open(url)
    try:
        RunStore(database).save(
            "run", "execute_code", learner, SUBMIT_AC, problem_id="two-sum", language="python", verdict="AC"
        )
        Plans(database).save(learner, Plan("two-sum", "python", (PlanStep("remember what was seen"),)))
    finally:
        database.close()


def test_every_table_of_a_learners_rows_is_guarded(class_database):
    engine = create_engine(class_database.url, poolclass=NullPool)
    with engine.begin() as connection:
        guarded = classroom.row_security_on(connection)
        assert classroom.class_login(connection)[1] == "owner"
    engine.dispose()
    assert {"runs", "drafts", "plans", "plan_checks", "interviews", "tutor_messages", "learners"} <= set(guarded)
    assert all(guarded.values()), guarded


def test_a_learner_reads_and_writes_only_their_own_rows(class_database):
    ada, grace = class_database.learner("ada"), class_database.learner("grace")
    practise(ada.url, ada.name)
    practise(grace.url, grace.name)
    # Hand-written SQL on each login: only their own rows come back.
    assert sql(ada.url, "SELECT count(*) FROM runs")[0][0] == 1
    assert sql(ada.url, "SELECT DISTINCT learner_id FROM runs") == sql(ada.url, "SELECT id FROM learners")
    assert [row[0] for row in sql(ada.url, "SELECT name FROM learners")] == [ada.name]
    assert sql(grace.url, "SELECT count(*) FROM plans")[0][0] == 1
    # The owner sees both.
    assert sql(class_database.url, "SELECT count(*) FROM runs")[0][0] == 2
    grace_id = sql(class_database.url, "SELECT id FROM learners WHERE name = :n", n=grace.name)[0][0]
    # Claiming another learner is refused by the database itself.
    with pytest.raises(ProgrammingError, match="row-level security"):
        sql(ada.url, "INSERT INTO plans (learner_id, problem_id, language, steps, created_at, updated_at) "
            "VALUES (:g, 'x', 'python', '[]', now(), now())", g=grace_id)  # fmt: skip
    with pytest.raises(ProgrammingError, match="row-level security"):
        sql(ada.url, "UPDATE runs SET learner_id = :g", g=grace_id)
    with pytest.raises(ProgrammingError, match="row-level security"):
        sql(ada.url, "INSERT INTO learners (name, created_at) VALUES ('somebody_else', now())")
    # Another's rows cannot be changed or removed: they are not there to touch.
    sql(ada.url, "DELETE FROM runs WHERE learner_id = :g", g=grace_id)
    assert sql(class_database.url, "SELECT count(*) FROM runs WHERE learner_id = :g", g=grace_id)[0][0] == 1


def test_the_aggregates_stay_readable_to_everyone_and_the_instructor_reads_every_row(class_database):
    ada, grace = class_database.learner("ada"), class_database.learner("grace")
    teacher = class_database.learner("teacher", instructor=True)
    practise(ada.url, ada.name)
    practise(grace.url, grace.name)
    assert sql(ada.url, "SELECT learners, learners_accepted FROM problem_outcomes WHERE problem_id = 'two-sum'") == [
        (2, 2)
    ]
    assert sql(teacher.url, "SELECT count(*) FROM runs")[0][0] == 2
    assert sql(teacher.url, "SELECT count(DISTINCT learner_id) FROM plans")[0][0] == 2
    with pytest.raises(ProgrammingError, match="permission denied"):
        sql(teacher.url, "DELETE FROM runs")


def test_a_learners_app_on_the_class_database_is_that_learner(class_database, isolated_home, monkeypatch):
    from codementor_desktop.storage.secrets import Credentials
    from codementor_desktop.tools.services import Services

    ada = class_database.learner("ada")
    parsed = make_url(ada.url)
    monkeypatch.setenv("CODEMENTOR_DATABASE_URL", parsed.set(password=None).render_as_string(hide_password=False))
    monkeypatch.setenv("CODEMENTOR_USER", "somebody")
    credentials = Credentials(environ={"CODEMENTOR_DATABASE_PASSWORD": parsed.password}, use_keyring=False)
    services = Services.build(credentials=credentials, standby=False)
    try:
        assert services.settings.user == ada.name and "user" in services.loaded.locked
        services.plans.save(ada.name, Plan("two-sum", "python", (PlanStep("one step"),)))
    finally:
        services.close()
    assert sql(class_database.url, "SELECT l.name FROM plans p JOIN learners l ON l.id = p.learner_id") == [(ada.name,)]


def test_the_url_handed_out_names_the_host_the_lab_reaches(class_database):
    for given in ("lab-db.school.example:6543", "postgresql://lab-db.school.example:6543"):
        made = classroom.add_learner(class_database.url, f"h{len(given)}_{class_database.suffix}", host_url=given)
        handed = make_url(made.url)
        assert (handed.host, handed.port, handed.username) == ("lab-db.school.example", 6543, made.name)
        assert handed.database == class_database.name and handed.password


def test_a_removed_learner_can_no_longer_log_in_and_names_are_checked(class_database):
    ada = class_database.learner("ada")
    practise(ada.url, ada.name)
    classroom.remove_learner(class_database.url, ada.name)
    with pytest.raises(OperationalError):
        sql(ada.url, "SELECT 1")
    assert sql(class_database.url, "SELECT count(*) FROM runs")[0][0] == 1  # their history stays
    with pytest.raises(classroom.ClassError, match="lowercase letters"):
        classroom.add_learner(class_database.url, "Robert'); DROP TABLE runs;--")
    with pytest.raises(classroom.ClassError, match="not a learner of this class"):
        classroom.remove_learner(class_database.url, "nobody_" + class_database.suffix)


def test_the_instructors_report_covers_every_learner_and_where_they_got_stuck(class_database, tmp_path):
    import json
    import os
    import subprocess
    import sys

    ada, grace = class_database.learner("ada"), class_database.learner("grace")
    teacher = class_database.learner("teacher", instructor=True)
    practise(ada.url, ada.name)
    database = Database.open(grace.url)
    try:
        failing = {"verdict": "WA", "test_results": [{"test_id": 1, "passed": True}, {"test_id": 4, "passed": False}]}
        run_id = RunStore(database).save(
            "run", "execute_code", grace.name, failing, problem_id="two-sum", language="python", verdict="WA"
        )
    finally:
        database.close()
    sql(class_database.url, "UPDATE runs SET submitted = true, seconds_open = 300 WHERE id = :i", i=run_id)
    environment = {**os.environ, "CODEMENTOR_HOME": str(tmp_path / "home")}

    def report(form: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "codementor_desktop", "class", "report", "--database", teacher.url, "--format", form],
            capture_output=True, text=True, env=environment, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done.stdout

    document = json.loads(report("json"))
    by_name = {row["name"]: row for row in document["learners"]}
    assert set(by_name) == {ada.name, grace.name}
    assert by_name[ada.name]["problems_solved"] == 1 and by_name[grace.name]["problems_solved"] == 0
    assert by_name[grace.name]["minutes_spent"] == 5.0
    (two_sum,) = [p for p in document["problems"] if p["problem_id"] == "two-sum"]
    assert (two_sum["learners_tried"], two_sum["learners_solved"]) == (2, 1)
    assert two_sum["most_failed_test"] == {"test_id": 4, "learners": 1}
    page = report("html")
    assert "<svg" in page and ada.name in page and "test 4 failed first for 1" in page
    assert report("csv").splitlines()[0].startswith("learner,problems_solved")
    # A learner running the report sees a class of one: themselves.
    mine = subprocess.run(
        [sys.executable, "-m", "codementor_desktop", "class", "report", "--database", ada.url, "--format", "json"],
        capture_output=True, text=True, env=environment, timeout=300,
    )  # fmt: skip
    assert [row["name"] for row in json.loads(mine.stdout)["learners"]] == [ada.name]


def test_the_selftest_names_what_a_lab_machine_cannot_reach(class_database, tmp_path):
    import os
    import socket
    import subprocess
    import sys

    ada = class_database.learner("ada")
    with socket.socket() as probe:  # a port nobody listens on: the tutor endpoint is down
        probe.bind(("127.0.0.1", 0))
        dead = probe.getsockname()[1]
    environment = {
        **os.environ,
        "CODEMENTOR_HOME": str(tmp_path / "home"),
        "CODEMENTOR_DATABASE_URL": ada.url,
        "CODEMENTOR_LLM_BASE_URL": f"http://127.0.0.1:{dead}/v1",
        "CODEMENTOR_LLM_MODEL": "lab-model",
    }

    def selftest() -> str:
        done = subprocess.run([sys.executable, "-m", "codementor_desktop", "selftest"], capture_output=True, text=True,
                              env=environment, timeout=300)  # fmt: skip
        return done.stdout

    lines = {line[7:27].strip(): line for line in selftest().splitlines() if line.startswith("[")}
    assert (
        lines["class database"].startswith("[ok  ]") and f"logged in as {ada.name} (learner)" in lines["class database"]
    )
    assert lines["tutor endpoint"].startswith("[warn]") and str(dead) in lines["tutor endpoint"]
    sql(class_database.url, "ALTER TABLE plans DISABLE ROW LEVEL SECURITY")
    lines = {line[7:27].strip(): line for line in selftest().splitlines() if line.startswith("[")}
    assert lines["class database"].startswith("[FAIL]") and "OFF for plans" in lines["class database"]
