"""The stores of runs, analyses and rate events behave the same on SQLite and on PostgreSQL: the
same code, the same answers (booleans, sums and upserts are where the two differ)."""

from __future__ import annotations

from codementor_desktop.storage.analyses import AnalysisStore, flags_per_detector
from codementor_desktop.storage.progress import problem_statuses
from codementor_desktop.storage.rate_events import RateLimiter
from codementor_desktop.storage.runs import RunStore
from codementor_desktop.storage.settings import RateLimit

ANALYSIS = {
    "complexity_analysis": {"time": "O(n^2)"},
    "code_quality_metrics": {"lines": 4},
    "detected_patterns": [
        {"pattern_type": "suboptimal_time_complexity", "confidence": 0.9, "severity": "high",
         "code_location": {"line_start": 2, "line_end": 4}},
        {"pattern_type": "off_by_one", "confidence": 0.6, "severity": "medium",
         "code_location": {"line_start": 3, "line_end": 3}},
    ],
}  # fmt: skip


def test_runs_are_kept_by_id_for_their_learner_only(database):
    store = RunStore(database, memory_items=0)
    run_id = store.save("run", "execute_code", "ada", {"verdict": "AC"}, problem_id="two-sum", verdict="AC")
    assert store.get(run_id) == {"verdict": "AC"}
    assert store.get(run_id, learner="ada") == {"verdict": "AC"}
    assert store.get(run_id, learner="grace") is None
    submitted = {"verdict": "AC", "test_results": [{"hidden": True}]}
    store.save("run", "execute_code", "ada", submitted, problem_id="valid-parentheses", verdict="AC")
    store.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id="climbing-stairs", verdict="WA")
    assert {k: v.value for k, v in problem_statuses(database, "ada").items()} == {
        "two-sum": "attempted",
        "valid-parentheses": "solved",
        "climbing-stairs": "attempted",
    }


def test_analyses_flags_and_the_tally_per_detector(database):
    store = AnalysisStore(database)
    store.save("ada", "run_a", ANALYSIS, problem_id="two-sum", language="python", run_id="run_a")
    store.save("grace", "run_b", ANALYSIS, problem_id="two-sum", language="python")
    assert [e.pattern_type for e in store.evidence("ada")] == ["suboptimal_time_complexity", "off_by_one"]
    flag = store.flag("ada", "run_a", "n is tiny", "off_by_one", "person")
    assert flag.patterns_flagged == 1
    assert [e.pattern_type for e in store.evidence("ada")] == ["suboptimal_time_complexity"]
    assert [e.pattern_type for e in store.evidence("grace")] == ["suboptimal_time_complexity", "off_by_one"]
    assert [f["feedback"] for f in store.flags("ada", "run_a")] == ["n is tiny"]
    tally = {t.pattern_type: (t.reported, t.flagged) for t in flags_per_detector(database)}
    assert tally == {"off_by_one": (2, 1), "suboptimal_time_complexity": (2, 0)}


def test_rate_limits_count_in_the_database(database):
    now = [1000.0]
    limiter = RateLimiter(database, {"analysis": RateLimit(calls=2, per_seconds=60)}, clock=lambda: now[0])
    assert limiter.take("ada", "analysis") is None
    assert limiter.take("ada", "analysis") is None
    assert limiter.take("ada", "analysis") == 60.0
    assert limiter.take("grace", "analysis") is None  # counted per learner
    now[0] += 61
    assert limiter.take("ada", "analysis") is None


def test_a_run_keeps_the_attempts_facts(database, backend):
    from codementor_desktop.storage.drafts import Drafts

    drafts = Drafts(database, "ada")
    drafts.remember_open("two-sum", "python")
    assert drafts.flush(10)
    store = RunStore(database)
    submit = {"verdict": "AC", "problem_version": 3, "test_results": [{"hidden": True}]}
    store.save("run", "execute_code", "ada", submit, problem_id="two-sum", verdict="AC")
    store.save("run", "execute_code", "ada", {"verdict": "WA"}, problem_id="climbing-stairs", verdict="WA")
    drafts.close()
    rows = backend.sql("SELECT problem_id, problem_version, submitted, seconds_open FROM runs ORDER BY problem_id")
    assert rows[0][:3] == ("climbing-stairs", None, False) and rows[0][3] is None  # not the open problem
    assert rows[1][:3] == ("two-sum", 3, True) and 0 <= rows[1][3] < 60
