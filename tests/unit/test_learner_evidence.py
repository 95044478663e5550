"""The learner's evidence as read from a real SQLite database: only their own rows, flagged
detections left out, Submits told from Runs, hints and escalations read when their tables exist,
and the incremental reading catching rows added out of time order and deletions. The attempts are
read the same on PostgreSQL, and on SQLite from their index alone."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from sqlalchemy import text

from codementor_desktop.storage.analyses import AnalysisStore
from codementor_desktop.storage.database import Database, sqlite_url
from codementor_desktop.storage.evidence import RUNS, _judged, learner_evidence
from codementor_desktop.storage.learner_history import LearnerHistory
from codementor_desktop.storage.runs import RunStore
from tests.storage_backends import StorageBackend

SUBMIT = {"verdict": "AC", "test_results": [{"verdict": "AC", "hidden": True}]}
RUN = {"verdict": "AC", "test_results": [{"verdict": "AC"}]}


@pytest.fixture
def database(tmp_path):
    opened = Database.open(sqlite_url(tmp_path / "learner.sqlite3"))
    yield opened
    opened.close()


def test_own_rows_only_submits_told_from_runs_and_flags_respected(database):
    runs, analyses = RunStore(database), AnalysisStore(database)
    runs.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id="two-sum", verdict="WA")
    runs.save("run", "execute_code", "ada", RUN, problem_id="two-sum", verdict="AC")
    runs.save("run", "execute_code", "ada", SUBMIT, problem_id="two-sum", verdict="AC")
    runs.save("run", "bp_execute", "ada", RUN, verdict="AC")  # a snippet: no attempt of a problem
    runs.save("run", "execute_code", "bob", SUBMIT, problem_id="valid-anagram", verdict="AC")
    finding = {"pattern_type": "off_by_one", "confidence": 0.7, "code_location": {}}
    other = {"pattern_type": "missing_edge_case", "confidence": 0.6, "code_location": {}}
    analyses.save("ada", "attempt_1", {"detected_patterns": [finding, other]}, problem_id="two-sum", language="python")
    analyses.flag("ada", "attempt_1", "not an off-by-one", "off_by_one", "person")
    evidence = learner_evidence(database, "ada")
    assert [(a.problem_id, a.verdict, a.submitted) for a in evidence.attempts] == [
        ("two-sum", "WA", False), ("two-sum", "AC", False), ("two-sum", "AC", True),
    ]  # fmt: skip
    assert [(p.pattern_type, p.confidence) for p in evidence.patterns] == [("missing_edge_case", 0.6)]
    assert evidence.hints == [] and evidence.escalations == []  # no such tables in this schema
    assert [a.problem_id for a in learner_evidence(database, "bob").attempts] == ["valid-anagram"]


def test_rows_out_of_time_order_and_deletions_are_read_again(database):
    runs = RunStore(database)
    first = runs.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id="two-sum", verdict="WA")
    assert len(learner_evidence(database, "ada").attempts) == 1
    late = runs.save("run", "execute_code", "ada", SUBMIT, problem_id="two-sum", verdict="AC")
    with database.transaction() as connection:  # its clock was behind: older than what was read
        connection.execute(
            text("UPDATE runs SET created_at = :at WHERE id = :id"),
            {"at": datetime.now() - timedelta(days=1), "id": late},
        )
    assert [a.verdict for a in learner_evidence(database, "ada").attempts] == ["AC", "WA"]
    runs.save("run", "execute_code", "ada", {"verdict": "RE"}, problem_id="jump-game", verdict="RE")
    assert [a.verdict for a in learner_evidence(database, "ada").attempts] == ["AC", "WA", "RE"]
    with database.transaction() as connection:
        connection.execute(text("DELETE FROM runs WHERE id = :id"), {"id": first})
    assert [a.verdict for a in learner_evidence(database, "ada").attempts] == ["AC", "RE"]


def test_hints_and_escalations_are_the_learners_own(tmp_path):
    database = Database.open(sqlite_url(tmp_path / "db.sqlite3"))
    history = LearnerHistory(database)
    for learner, level in (("ada", 2), ("ada", 3), ("bob", 1)):
        history.record_hint(learner, "two-sum", level)
    history.record_escalation("ada", "stuck on the base case", "jump-game", "dynamic_programming")
    evidence = learner_evidence(database, "ada")
    assert [(h.problem_id, h.level) for h in evidence.hints] == [("two-sum", 2), ("two-sum", 3)]
    assert [e.problem_id for e in evidence.escalations] == ["jump-game"]
    assert [h.level for h in learner_evidence(database, "bob").hints] == [1]
    database.close()


def test_attempts_read_alike_on_both_databases(backend: StorageBackend):
    """The attempts come from the driver's own rows (times as text on SQLite, as datetimes on
    PostgreSQL): each reads the same times the runs were stored at, and only the first accepted
    Submit of a problem counts as its solve."""
    database = backend.open()
    try:
        runs = RunStore(database)
        runs.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id="two-sum", verdict="WA")
        runs.save("run", "execute_code", "ada", SUBMIT, problem_id="two-sum", verdict="AC")
        runs.save("run", "execute_code", "ada", SUBMIT, problem_id="two-sum", verdict="AC")
        runs.save("trace", "trace_execution", "ada", {"steps": []})
        stored = [at for (at,) in backend.sql("SELECT created_at FROM runs WHERE kind = 'run' ORDER BY created_at")]
        attempts = learner_evidence(database, "ada").attempts
        assert [(a.verdict, a.submitted) for a in attempts] == [("WA", False), ("AC", True), ("AC", False)]
        assert all(type(a.at) is datetime for a in attempts)
        assert [a.at for a in attempts] == [
            at if isinstance(at, datetime) else datetime.fromisoformat(at) for at in stored
        ]
        runs.save("run", "execute_code", "ada", RUN, problem_id="jump-game", verdict="AC")  # read on from there
        assert [(a.problem_id, a.submitted) for a in learner_evidence(database, "ada").attempts][3:] == [
            ("jump-game", False)
        ]
    finally:
        database.close()


def test_a_learners_attempts_and_everyones_outcomes_are_read_from_indexes_alone(database):
    """10,000 attempts are read from an index, not from the runs table (which keeps every result)."""
    query = _judged(RUNS.c.learner_id == 1).compile(database.engine, compile_kwargs={"literal_binds": True})
    with database.transaction() as connection:
        attempts = connection.execute(text(f"EXPLAIN QUERY PLAN {query}")).all()
        outcomes = connection.execute(text("EXPLAIN QUERY PLAN SELECT * FROM problem_outcomes")).all()
    plan = " | ".join(row[-1] for row in attempts)
    assert "COVERING INDEX ix_runs_learner_attempts" in plan and "TEMP B-TREE" not in plan, plan
    assert any("COVERING INDEX ix_runs_outcomes" in row[-1] for row in outcomes), outcomes
