"""Mock interviews on a real learner database: booking through schedule_mock_interview (the problem
the recommender picks, its time limit, the reminder's time), the interview's life in storage (start,
Submits, end, debrief), the trend and the totals get_user_progress gives."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from codementor_desktop.domain.vocabulary import Caller
from codementor_desktop.storage.interviews import FINISHED, Interviews, InterviewStateError
from codementor_desktop.tools.context import ToolContext

LEARNER = "ada"


def book(services, **arguments):
    context = ToolContext(caller=Caller.PERSON, learner=LEARNER)
    return services.registry.call("schedule_mock_interview", arguments, context)


def solve(services, problem_id: str) -> None:
    """An accepted Submit of ``problem_id`` kept for the learner, as the runner keeps one."""
    result = {
        "status": "completed", "verdict": "AC", "tests_total": 1, "tests_run": 1,
        "test_results": [{"test_id": 1, "verdict": "AC", "passed": True, "hidden": True}],
    }  # fmt: skip
    services.runs.save("run", "execute_code", LEARNER, result, problem_id=problem_id, language="python", verdict="AC")


def test_a_booked_interview_is_of_the_difficulty_asked_and_timed_by_the_problem(services):
    booked = book(services, difficulty="medium", topics=["arrays"], language="javascript")
    assert booked["status"] == "ok", booked
    problem = services.bank.get(booked["problem_id"])
    assert problem.difficulty.value == "medium"
    assert "arrays" in [t.value for t in problem.topics]
    assert booked["time_limit_minutes"] == problem.estimated_minutes
    assert booked["scheduled_for"] is None
    kept = Interviews(services.database).get(LEARNER, booked["interview_id"])
    assert (kept.status, kept.language, kept.time_limit_s) == (
        "scheduled",
        "javascript",
        problem.estimated_minutes * 60,
    )
    assert kept.topics == ("arrays",)


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_each_difficulty_is_honoured(services, difficulty):
    booked = book(services, difficulty=difficulty)
    assert services.bank.get(booked["problem_id"]).difficulty.value == difficulty


def test_a_solved_problem_is_not_picked_while_another_is_left(services):
    first = book(services, difficulty="easy", topics=["hash_maps"])["problem_id"]
    solve(services, first)
    second = book(services, difficulty="easy", topics=["hash_maps"])["problem_id"]
    assert second != first
    assert services.bank.get(second).difficulty.value == "easy"


def test_with_every_problem_of_the_kind_solved_one_is_picked_again_and_it_says_so(services):
    kind = [p.id for p in services.bank.problems.values() if p.difficulty.value == "hard" and
            "strings" in [t.value for t in p.topics]]  # fmt: skip
    assert kind
    for problem_id in kind:
        solve(services, problem_id)
    booked = book(services, difficulty="hard", topics=["strings"])
    assert booked["problem_id"] in kind
    assert "solve again" in booked["reason"]


def test_a_reminder_time_is_kept(services):
    when = (datetime.now() + timedelta(hours=3)).replace(second=0, microsecond=0)
    booked = book(services, difficulty="easy", at=when.isoformat(timespec="minutes"))
    assert booked["scheduled_for"] == when.isoformat(timespec="minutes")
    reminders = Interviews(services.database).reminders(LEARNER)
    assert [(i.interview_id, i.scheduled_for) for i in reminders] == [(booked["interview_id"], when)]


@pytest.mark.parametrize("at", ["2001-05-01T10:00", "a minute ago"])
def test_a_reminder_in_the_past_is_a_clear_error_and_books_nothing(services, at):
    if at == "a minute ago":  # made here: a time in the test's id would differ between xdist's workers
        at = (datetime.now() - timedelta(minutes=1)).isoformat()
    refused = book(services, difficulty="easy", at=at)
    assert refused["status"] == "error" and refused["error_code"] == "INVALID_ARGUMENTS"
    assert "in the past" in refused["error_message"] and "future" in refused["error_message"]
    assert refused["field_errors"][0]["field"] == "at"
    assert Interviews(services.database).of_learner(LEARNER) == []


def test_a_time_that_is_no_time_is_a_clear_error(services):
    refused = book(services, difficulty="easy", at="tomorrow evening")
    assert refused["error_code"] == "INVALID_ARGUMENTS"
    assert "is not a time" in refused["error_message"]


def test_another_learners_id_is_refused(services):
    refused = book(services, difficulty="easy", user_id="grace")
    assert refused["status"] == "error"
    assert Interviews(services.database).of_learner(LEARNER) == []


def test_an_interview_from_start_to_debrief(services):
    store = Interviews(services.database)
    start = datetime(2026, 11, 1, 10, 0, 0)
    booked = store.schedule(LEARNER, problem_id="two-sum", language="python", time_limit_s=900, now=start)
    with pytest.raises(InterviewStateError):
        store.record_submit(LEARNER, booked.interview_id, verdict="WA")  # not under way yet
    store.start(LEARNER, booked.interview_id, now=start)
    store.record_submit(
        LEARNER, booked.interview_id, verdict="WA", passed=3, total=40, now=start + timedelta(minutes=6)
    )
    store.save_think_aloud(LEARNER, booked.interview_id, "a map from value to index")
    store.record_submit(
        LEARNER, booked.interview_id, verdict="AC", passed=40, total=40, now=start + timedelta(minutes=9)
    )
    ended = store.end(LEARNER, booked.interview_id, now=start + timedelta(minutes=10))
    assert ended.seconds_used == 600 and ended.time_ratio == pytest.approx(600 / 900)
    store.save_improvement(LEARNER, booked.interview_id, "test the empty input first")
    done = store.finish(LEARNER, booked.interview_id, {"verdicts": ["WA", "AC"]})
    assert done.status == FINISHED and done.solved and done.last_verdict == "AC"
    assert [(s["verdict"], s["seconds"]) for s in done.submits] == [("WA", 360.0), ("AC", 540.0)]
    assert done.think_aloud == "a map from value to index"
    assert done.improvement == "test the empty input first"
    assert done.debrief == {"verdicts": ["WA", "AC"]}
    with pytest.raises(InterviewStateError):
        store.record_submit(LEARNER, booked.interview_id, verdict="AC")


def test_time_up_counts_the_whole_time_and_no_more(services):
    store = Interviews(services.database)
    start = datetime(2026, 11, 2, 9, 0)
    booked = store.schedule(LEARNER, problem_id="two-sum", language="python", time_limit_s=600, now=start)
    store.start(LEARNER, booked.interview_id, now=start)
    ended = store.end(LEARNER, booked.interview_id, now=start + timedelta(minutes=25))  # the window was asleep
    assert ended.seconds_used == 600 and ended.time_ratio == 1.0


def test_the_trend_and_the_totals_read_the_finished_interviews_in_order(services):
    store = Interviews(services.database)
    day = datetime(2026, 11, 3, 9, 0)
    outcomes = [("climbing-stairs", ["WA"], 15), ("two-sum", ["WA", "AC"], 6), ("two-sum", ["AC"], 3)]
    for number, (problem_id, verdicts, minutes) in enumerate(outcomes):
        start = day + timedelta(days=number)
        booked = store.schedule(LEARNER, problem_id=problem_id, language="python", time_limit_s=600, now=start)
        store.start(LEARNER, booked.interview_id, now=start)
        for verdict in verdicts:
            store.record_submit(LEARNER, booked.interview_id, verdict=verdict, now=start + timedelta(minutes=1))
        store.end(LEARNER, booked.interview_id, now=start + timedelta(minutes=minutes))
        store.finish(LEARNER, booked.interview_id, {})
    left = store.schedule(LEARNER, problem_id="two-sum", language="python", time_limit_s=600)
    store.abandon(LEARNER, left.interview_id)
    trend = store.trend(LEARNER)
    assert [(i.problem_id, i.solved, i.time_ratio) for i in trend] == [
        ("climbing-stairs", False, 1.0), ("two-sum", True, 0.6), ("two-sum", True, 0.3)
    ]  # fmt: skip
    totals = store.totals(LEARNER, last=2)
    assert (totals.count, totals.finished, totals.solved, totals.median_time_ratio) == (4, 3, 2, 0.6)
    assert [i.time_ratio for i in totals.last] == [0.3, 0.6]  # newest first

    progress = services.registry.call("get_user_progress", {}, ToolContext(caller=Caller.PERSON, learner=LEARNER))
    interviews = progress["interviews"]
    assert {k: interviews[k] for k in ("count", "finished", "solved", "median_time_ratio")} == {
        "count": 4, "finished": 3, "solved": 2, "median_time_ratio": 0.6
    }  # fmt: skip
    newest = interviews["last"][0]
    assert (newest["problem_id"], newest["title"], newest["verdict"], newest["minutes"]) == (
        "two-sum",
        "Two Sum",
        "AC",
        3.0,
    )
    assert interviews["last"][-1]["verdict"] == "WA" and interviews["last"][-1]["solved"] is False
    assert [(p["solved"], p["time_ratio"]) for p in interviews["trend"]] == [(False, 1.0), (True, 0.6), (True, 0.3)]


def test_a_learner_without_interviews_has_zero_of_them(services):
    progress = services.registry.call("get_user_progress", {}, ToolContext(caller=Caller.PERSON, learner=LEARNER))
    assert progress["interviews"] == {
        "count": 0, "finished": 0, "solved": 0, "median_time_ratio": None, "last": [], "trend": []
    }  # fmt: skip
