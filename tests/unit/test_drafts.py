"""Drafts and problem statuses, on a real SQLite file and a real PostgreSQL server (no Qt)."""

from __future__ import annotations

import threading

from codementor_desktop.domain.vocabulary import ProblemStatus
from codementor_desktop.storage.drafts import Drafts
from tests.storage_backends import StorageBackend

GOOD = (
    "def two_sum(nums, target):\n    seen = {}\n    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n            return [seen[target - v], j]\n        seen[v] = j\n"
)
WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"


def stored_drafts(backend: StorageBackend) -> dict:
    """What another process reading the database sees."""
    rows = backend.sql(
        "SELECT learners.name, problem_id, language, code FROM drafts JOIN learners ON learners.id = learner_id"
    )
    return {(name, problem, language): code for name, problem, language, code in rows}


def test_a_save_returns_at_once_and_reaches_the_file(backend):
    database = backend.open()
    drafts = Drafts(database, "ada")
    drafts.save("two-sum", "python", "# first")
    drafts.save("two-sum", "python", "# second")  # replaces the first before or after it is written
    drafts.save("two-sum", "javascript", "// js")
    assert drafts.load("two-sum", "python") == "# second"  # seen before it reaches the disk
    assert drafts.flush(10)
    assert stored_drafts(backend) == {
        ("ada", "two-sum", "python"): "# second",
        ("ada", "two-sum", "javascript"): "// js",
    }
    assert threading.current_thread().name != "draft-writer"
    drafts.close()
    database.close()


def test_drafts_and_the_open_problem_come_back_in_a_new_process_view(backend):
    first = backend.open()
    drafts = Drafts(first, "ada")
    drafts.save("two-sum", "python", "x = 'é'\n")
    drafts.remember_open("two-sum", "python")
    drafts.remember_open("valid-brackets", "javascript")
    drafts.close()
    first.close()

    again = backend.open()
    reopened = Drafts(again, "ada")
    assert reopened.load("two-sum", "python") == "x = 'é'\n"
    assert reopened.load("two-sum", "javascript") is None
    assert reopened.last_open() == ("valid-brackets", "javascript")
    assert Drafts(again, "grace").load("two-sum", "python") is None  # one learner's drafts only
    assert Drafts(again, "grace").last_open() is None
    again.close()


def test_a_failed_write_keeps_the_draft_and_writes_it_later(backend):
    database = backend.open()
    drafts = Drafts(database, "ada")
    drafts.save("two-sum", "python", "# before")
    assert drafts.flush(10)
    assert drafts.load("two-sum", "python") == "# before"  # the window reads its drafts when it opens
    backend.sql("ALTER TABLE drafts RENAME TO drafts_away")  # a real failure: the table is gone for a while
    drafts.save("two-sum", "python", "# kept while the disk refuses")
    assert not drafts.flush(2)
    assert drafts.last_error and "drafts" in drafts.last_error
    assert drafts.load("two-sum", "python") == "# kept while the disk refuses"
    backend.sql("ALTER TABLE drafts_away RENAME TO drafts")
    assert drafts.flush(10)
    assert stored_drafts(backend)[("ada", "two-sum", "python")] == "# kept while the disk refuses"
    drafts.close()
    database.close()


def test_statuses_follow_the_stored_runs(services_on):
    call = services_on.registry.call
    drafts = services_on.drafts
    assert drafts.statuses() == {}
    visible = call("execute_code", {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": GOOD})
    assert visible["verdict"] == "AC"
    assert drafts.statuses() == {"two-sum": ProblemStatus.ATTEMPTED}  # a Run, even AC, does not solve
    wrong = {"language": "python", "problem_id": "two-sum", "test_cases": [], "code": WRONG, "include_hidden": True}
    assert call("execute_code", wrong)["verdict"] == "WA"
    assert drafts.statuses() == {"two-sum": ProblemStatus.ATTEMPTED}
    submit = dict(wrong, code=GOOD)
    assert call("execute_code", submit)["verdict"] == "AC"
    assert drafts.statuses() == {"two-sum": ProblemStatus.SOLVED}
    assert call("execute_code", dict(wrong))["verdict"] == "WA"
    assert drafts.statuses() == {"two-sum": ProblemStatus.SOLVED}  # solved stays solved


def test_the_status_rule():
    assert ProblemStatus.of_run("AC", submitted=True) is ProblemStatus.SOLVED
    assert ProblemStatus.of_run("AC", submitted=False) is ProblemStatus.ATTEMPTED
    assert ProblemStatus.of_run("TLE", submitted=True) is ProblemStatus.ATTEMPTED
    assert ProblemStatus.SOLVED.at_least(ProblemStatus.ATTEMPTED) is ProblemStatus.SOLVED
    assert ProblemStatus.NEW.at_least(ProblemStatus.ATTEMPTED) is ProblemStatus.ATTEMPTED
