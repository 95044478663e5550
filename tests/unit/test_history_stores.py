"""Hints, escalations, session insights and code snapshots, kept per learner on SQLite and on
PostgreSQL; a writer killed mid-way leaves the last committed state whole."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime

import pytest

from codementor_desktop.storage.learner_history import BadHistoryEntry, LearnerHistory
from codementor_desktop.storage.runs import RunStore
from codementor_desktop.storage.snapshots import BadSnapshot, CodeSnapshots
from tests.conftest import REPO
from tests.killed_writer import code_of


def test_hints_escalations_and_insights_per_learner(database):
    history = LearnerHistory(database)
    history.record_hint("ada", "two-sum", 1, at=datetime(2026, 3, 1, 9))
    history.record_hint("ada", "two-sum", 3, at=datetime(2026, 3, 1, 10))
    history.record_hint("ada", "climbing-stairs", 2)
    history.record_hint("grace", "two-sum", 5)
    assert [(h.problem_id, h.level) for h in history.hints("ada", "two-sum")] == [("two-sum", 1), ("two-sum", 3)]
    assert len(history.hints("ada")) == 3 and len(history.hints("grace")) == 1

    history.record_escalation("ada", "stuck on recursion after three hints", "climbing-stairs", "dynamic_programming")
    assert [(e.reason, e.topic) for e in history.escalations("ada")] == [
        ("stuck on recursion after three hints", "dynamic_programming")
    ]
    assert history.escalations("grace") == []

    summary = {"strengths": ["hash_maps"], "struggles": ["off_by_one"], "é": "ü"}
    history.record_insight("ada", summary)
    assert [i.summary for i in history.insights("ada")] == [summary]


def test_bad_entries_are_refused_with_the_reason_and_nothing_is_kept(database):
    history = LearnerHistory(database)
    with pytest.raises(BadHistoryEntry, match="level"):
        history.record_hint("ada", "two-sum", 0)
    with pytest.raises(BadHistoryEntry, match="problem_id"):
        history.record_hint("ada", " ", 1)
    with pytest.raises(BadHistoryEntry, match="reason"):
        history.record_escalation("ada", "  ")
    with pytest.raises(BadHistoryEntry, match="JSON"):
        history.record_insight("ada", {"when": object()})
    assert history.hints("ada") == [] and history.escalations("ada") == [] and history.insights("ada") == []


def test_snapshots_and_attempts_newest_first(database):
    snapshots = CodeSnapshots(database)
    first = snapshots.save("ada", "two-sum", "def two_sum(): pass\n", name="brute force")
    second = snapshots.save("ada", "two-sum", "function twoSum() {}\n", language="javascript")
    snapshots.save("grace", "two-sum", "# grace's\n")
    snapshots.save("ada", "climbing-stairs", "# other problem\n")
    assert [s.snapshot_id for s in snapshots.list("ada", "two-sum")] == [second.snapshot_id, first.snapshot_id]
    assert second.name.startswith("snapshot ")  # named by the time when no name is given
    assert snapshots.list("ada", "two-sum")[1].code == "def two_sum(): pass\n"

    runs = RunStore(database)
    run_id = runs.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id="two-sum", language="python",
                       verdict="WA", code="return [0, 1]")  # fmt: skip
    runs.save("trace", "bp_trace", "ada", {"steps": []}, problem_id="two-sum", language="python")
    runs.save("run", "execute_code", "grace", {"verdict": "AC"}, problem_id="two-sum", verdict="AC", code="x")
    attempts = snapshots.attempts("ada", "two-sum")
    assert [(a.run_id, a.verdict, a.submitted, a.code) for a in attempts] == [(run_id, "WA", False, "return [0, 1]")]

    with pytest.raises(BadSnapshot, match="characters"):
        snapshots.save("ada", "two-sum", "x" * 200_001)
    with pytest.raises(BadSnapshot, match="problem_id"):
        snapshots.save("ada", "", "x")
    assert len(snapshots.list("ada", "two-sum")) == 2


def test_a_writer_killed_mid_way_leaves_the_last_committed_state_whole(backend):
    backend.open().close()  # the schema exists before the writer starts
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.killed_writer", backend.url],
        cwd=REPO,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert writer.stdout is not None
    acknowledged = -1
    for line in writer.stdout:  # each line: one more snapshot and insight committed
        acknowledged = int(line)
        if acknowledged >= 15:
            break
    writer.send_signal(signal.SIGKILL)  # while it writes the next one
    writer.wait(10)
    assert acknowledged >= 15, "the writer stopped before it wrote 15 snapshots"

    database = backend.open()
    kept = sorted(CodeSnapshots(database).list("ada", "two-sum"), key=lambda s: s.snapshot_id)
    insights = LearnerHistory(database).insights("ada")
    database.close()
    assert len(kept) >= acknowledged + 1  # every acknowledged write is there
    assert [s.name for s in kept] == [f"v{n}" for n in range(len(kept))]  # in order, no gap
    assert all(s.code == code_of(n) for n, s in enumerate(kept))  # each whole
    assert [i.summary["version"] for i in insights] == list(range(len(insights)))
    assert len(insights) in (len(kept), len(kept) - 1)  # the kill fell between the two writes or after
    if backend.path is not None:
        assert backend.sql("PRAGMA integrity_check") == [("ok",)]
    assert json.dumps(insights[-1].summary)  # the last one reads back as JSON
