"""Everything about one learner: exported as JSON, imported on another machine (under another name
too) and again without doubling anything, and deleted so that no row about them is left. On
SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from sqlalchemy import insert, inspect

from codementor_desktop.domain.plan import Plan, PlanStep
from codementor_desktop.storage.analyses import AnalysisStore
from codementor_desktop.storage.conversations import Conversations
from codementor_desktop.storage.database import Database, sqlite_url
from codementor_desktop.storage.drafts import Drafts
from codementor_desktop.storage.learner_data import (
    LEARNER_TABLES,
    BadExport,
    delete_learner,
    export_learner,
    import_learner,
)
from codementor_desktop.storage.learner_history import LearnerHistory
from codementor_desktop.storage.models import MockInterview, SolutionsUnlocked
from codementor_desktop.storage.own_tests import OwnTests
from codementor_desktop.storage.plans import PlanCheckOutcome, Plans
from codementor_desktop.storage.rate_events import RateLimiter
from codementor_desktop.storage.recommendations import RecommendationFlags
from codementor_desktop.storage.runs import RunStore
from codementor_desktop.storage.settings import RateLimit
from codementor_desktop.storage.snapshots import CodeSnapshots

ANALYSIS = {
    "complexity_analysis": {"time": "O(n^2)"},
    "code_quality_metrics": {"lines": 3},
    "detected_patterns": [
        {"pattern_type": "off_by_one", "confidence": 0.7, "severity": "medium", "code_location": {"line_start": 2}},
        {"pattern_type": "missing_edge_case", "confidence": 0.5, "severity": "low"},
    ],
}


def practise(database: Database, learner: str) -> str:
    """A learner's history in every table; returns the id of their Submit."""
    drafts = Drafts(database, learner)
    drafts.save("two-sum", "python", f"# {learner}'s draft é\n")
    drafts.remember_open("two-sum", "python")
    assert drafts.flush(10)
    drafts.close()
    runs = RunStore(database)
    submit = {"verdict": "AC", "problem_version": 2, "test_results": [{"hidden": True, "passed": True}]}
    run_id = runs.save("run", "execute_code", learner, submit, problem_id="two-sum", language="python",
                       verdict="AC", code="def two_sum(nums, target): ...")  # fmt: skip
    runs.save("trace", "bp_trace", learner, {"steps": [{"line": 1}]}, problem_id="two-sum", language="python")
    analyses = AnalysisStore(database)
    analyses.save(learner, run_id, ANALYSIS, problem_id="two-sum", language="python", run_id=run_id)
    analyses.flag(learner, run_id, "the input is never empty", "missing_edge_case", "person")
    OwnTests(database).add(learner, "two-sum", "[3,3], 6", "[0,1]", language="python")
    history = LearnerHistory(database)
    history.record_hint(learner, "two-sum", 2)
    history.record_escalation(learner, "asked for a person", "two-sum", "hash_maps")
    conversations = Conversations(database)
    session = conversations.start(learner, "two-sum", "Offline coach")
    conversations.append(session, {"role": "user", "content": f"{learner} is stuck"})
    conversations.append(session, {"role": "assistant", "content": "What does the last test return?"})
    conversations.record_usage(session, "fast-model", 120, 30)
    conversations.conclude(session, "Two sum", ["A map remembers what was seen."])
    history.record_insight(learner, {"struggles": ["off_by_one"]})
    CodeSnapshots(database).save(learner, "two-sum", "# before the refactor\n", name="v1")
    RecommendationFlags(database).add(learner, "climbing-stairs", "not_relevant")
    RateLimiter(database, {"analysis": RateLimit(calls=5, per_seconds=60)}).take(learner, "analysis")
    plans = Plans(database)
    plans.save(learner, Plan("two-sum", "python", (PlanStep("keep a map of seen numbers", (2,), "len(seen) <= i"),)))
    plans.record_check(learner, PlanCheckOutcome("two-sum", "python", 1, 1, 0, 0, 0, False, True, {"held": 1}))
    now = datetime.now()
    learner_id = database.learner_id(learner)
    with database.transaction() as connection:
        connection.execute(insert(MockInterview.__table__).values(
            learner_id=learner_id, interview_id=f"interview_{learner}", problem_id="two-sum", language="python",
            difficulty="easy", topics="[]", status="finished", created_at=now, started_at=now, ended_at=now,
            time_limit_s=900, submits='[{"verdict": "AC"}]', think_aloud="a map", improvement="", debrief="{}",
        ))  # fmt: skip
        connection.execute(insert(SolutionsUnlocked.__table__).values(
            learner_id=learner_id, problem_id="two-sum", reason="solved", unlocked_at=now,
        ))  # fmt: skip
    return run_id


def learner_keyed_tables(database: Database) -> list[str]:
    inspector = inspect(database.engine)
    return sorted(
        t for t in inspector.get_table_names() if "learner_id" in {c["name"] for c in inspector.get_columns(t)}
    )


def rows_of(backend, learner_id: int) -> dict[str, int]:
    counts = {}
    for table in learner_keyed_tables_names(backend):
        counts[table] = backend.sql(f"SELECT count(*) FROM {table} WHERE learner_id = :id", id=learner_id)[0][0]
    return counts


def learner_keyed_tables_names(backend) -> list[str]:
    database = backend.open()
    try:
        return learner_keyed_tables(database)
    finally:
        database.close()


def tables_without_learner(document: dict) -> dict:
    return json.loads(json.dumps(document["tables"]))


def test_every_learner_keyed_table_is_exported_and_deleted(database):
    assert learner_keyed_tables(database) == sorted(spec.name for spec in LEARNER_TABLES)


def test_export_then_import_on_another_machine_under_another_name(database, tmp_path):
    run_id = practise(database, "ada")
    practise(database, "grace")
    document = json.loads(json.dumps(export_learner(database, "ada")))  # through text, as a file carries it
    assert document["format"] == "codementor-learner-data" and document["version"] == 1
    tables = document["tables"]
    assert {name: len(rows) for name, rows in tables.items()} == {
        "runs": 2, "drafts": 1, "open_problems": 1, "analyses": 1, "analysis_flags": 1, "own_tests": 1,
        "hints_used": 1, "tutor_escalations": 1, "session_insights": 1, "code_snapshots": 1, "recommendation_flags": 1,
        "tutor_sessions": 1, "tutor_messages": 2, "tutor_usage": 1, "plans": 1, "plan_checks": 1, "interviews": 1,
        "solutions_unlocked": 1,
    }  # fmt: skip
    submit = next(r for r in tables["runs"] if r["id"] == run_id)
    assert submit["result"]["zlib_json"]["verdict"] == "AC" and submit["submitted"] is True
    assert [p["pattern_type"] for p in tables["analyses"][0]["patterns"]] == ["off_by_one", "missing_edge_case"]
    assert "grace" not in json.dumps(document)  # nothing of another learner

    lab = Database.open(sqlite_url(tmp_path / "lab.sqlite3"))
    added = import_learner(lab, document, "ada-at-the-lab")
    assert added == {name: len(rows) for name, rows in tables.items()}
    again = export_learner(lab, "ada-at-the-lab")
    assert tables_without_learner(again) == tables  # the same rows, row for row
    assert import_learner(lab, document, "ada-at-the-lab") == {name: 0 for name in tables}  # idempotent
    assert Drafts(lab, "ada-at-the-lab").load("two-sum", "python") == "# ada's draft é\n"
    evidence = AnalysisStore(lab).evidence("ada-at-the-lab")
    assert [e.pattern_type for e in evidence] == ["off_by_one"]  # the flagged one stays flagged
    assert RunStore(lab).get(run_id, learner="ada-at-the-lab")["verdict"] == "AC"
    lab.close()


def test_import_into_the_same_database_as_another_learner_keeps_both(database, backend):
    run_id = practise(database, "ada")
    document = export_learner(database, "ada")
    added = import_learner(database, document, "bob")
    assert added["runs"] == 2 and added["analyses"] == 1
    assert import_learner(database, document, "bob") == {name: 0 for name in document["tables"]}
    bob_runs = {r["id"] for r in export_learner(database, "bob")["tables"]["runs"]}
    assert run_id not in bob_runs and len(bob_runs) == 2  # ada's run ids stay hers
    [analysis] = export_learner(database, "bob")["tables"]["analyses"]
    assert analysis["attempt_id"] in bob_runs and analysis["run_id"] == analysis["attempt_id"]
    assert RunStore(database).get(run_id, learner="ada") is not None
    conversations = Conversations(database)
    ada_session = conversations.latest("ada", "two-sum", open_only=False)
    bob_session = conversations.latest("bob", "two-sum", open_only=False)
    assert ada_session and bob_session and bob_session != ada_session  # a session's id stays its learner's
    assert conversations.messages(bob_session) == conversations.messages(ada_session)
    assert conversations.usage(bob_session) == {"fast-model": (120, 30)}
    assert conversations.session(bob_session).learner == "bob"


def test_delete_removes_every_row_about_the_learner_and_nothing_else(database, backend):
    practise(database, "ada")
    practise(database, "grace")
    ada = database.learner_id("ada")
    grace_before = rows_of(backend, database.learner_id("grace"))
    assert all(grace_before.values())
    assert all(rows_of(backend, ada).values())

    removed = delete_learner(database, "ada")
    assert removed["runs"] == 2 and removed["detected_patterns"] == 2 and removed["learners"] == 1
    assert removed["rate_events"] == 1
    assert set(rows_of(backend, ada).values()) == {0}
    assert backend.sql("SELECT count(*) FROM learners WHERE name = 'ada'") == [(0,)]
    assert backend.sql("SELECT count(*) FROM rate_events WHERE learner = 'ada'") == [(0,)]
    assert backend.sql("SELECT count(*) FROM detected_patterns") == [(2,)]  # grace's
    assert rows_of(backend, database.learner_id("grace")) == grace_before
    assert delete_learner(database, "ada")["learners"] == 0  # nothing left to delete
    assert Drafts(database, "ada").load("two-sum", "python") is None  # a new, empty ada


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something else"), "not a CodeMentor learner export"),
        (lambda d: d.update(version=7), "version 7"),
        (lambda d: d["tables"].update(passwords=[]), "passwords"),
        (lambda d: d["tables"]["hints_used"][0].update(level="two"), r"hints_used\[0\]\.level must be int"),
        (lambda d: d["tables"]["code_snapshots"][0].update(saved_at="yesterday"), "ISO 8601"),
        (lambda d: d["tables"]["own_tests"][0].update(colour="red"), "colour"),
        (lambda d: d["tables"]["code_snapshots"][0].pop("code"), "lacks 'code'"),
        (lambda d: d["tables"]["runs"][0].pop("id"), r"runs\[0\] lacks 'id'"),
        (lambda d: d["tables"]["drafts"][0].pop("language"), "lacks 'language'"),
        (lambda d: d["tables"]["hints_used"][0].update(problem_id="p" * 81), "at most 80"),
    ],
)
def test_a_bad_export_is_refused_with_where_and_why_and_nothing_is_kept(database, change, message):
    practise(database, "ada")
    document = json.loads(json.dumps(export_learner(database, "ada")))
    change(document)
    with pytest.raises(BadExport, match=message):
        import_learner(database, document, "bob")
    assert all(not rows for rows in export_learner(database, "bob")["tables"].values())


def test_an_import_killed_mid_way_lands_whole_or_not_at_all(database, backend, tmp_path):
    import os
    import signal
    import subprocess
    import sys

    from tests.conftest import REPO

    practise(database, "ada")
    history = LearnerHistory(database)
    for level in range(300):  # a longer import, so the kill falls inside one
        history.record_hint("ada", f"problem-{level}", 1 + level % 5)
    document = export_learner(database, "ada")
    whole = {name: len(rows) for name, rows in document["tables"].items()}
    (tmp_path / "ada.json").write_text(json.dumps(document), encoding="utf-8")
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.killed_writer", backend.url, "import", str(tmp_path / "ada.json")],
        cwd=REPO, stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    assert writer.stdout is not None
    acknowledged = -1
    for line in writer.stdout:
        acknowledged = int(line)
        if acknowledged >= 3:
            break
    # Kill once the next copy's learner exists: its import is under way (its transaction open).
    next_copy = f"copy-{acknowledged + 1}"
    while writer.poll() is None and not backend.sql("SELECT 1 FROM learners WHERE name = :n", n=next_copy):
        pass
    writer.send_signal(signal.SIGKILL)
    writer.wait(10)
    assert acknowledged >= 3, "the writer stopped before it imported 3 copies"

    copies = [name for (name,) in backend.sql("SELECT name FROM learners WHERE name LIKE 'copy-%'")]
    landed = 0
    for name in copies:
        counts = {table: len(rows) for table, rows in export_learner(database, name)["tables"].items()}
        assert counts in (whole, {table: 0 for table in whole}), f"{name} was imported in part: {counts}"
        landed += counts == whole
    assert landed >= acknowledged + 1 and next_copy in copies
