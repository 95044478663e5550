"""The one way off the GUI thread (``gui/jobs.py``) and the session it reads the learner from, with
the real registry: a call's callbacks run on the GUI thread, a superseded call is silenced and its
child killed, a call about another learner is dropped, and the session forgets results when the
problem, the language or the learner changes."""

from __future__ import annotations

import threading

import pytest

from codementor_desktop.gui.jobs import SIDE, WINDOW, Jobs
from codementor_desktop.gui.session import ResultKind, Session

SPIN = "def spin(n):\n    while True:\n        n += 1\n"


@pytest.fixture
def jobs(qtbot, services):
    made = Jobs(services.registry, Session(services.settings.user))
    yield made
    made.shutdown()


def test_a_call_answers_on_the_gui_thread_with_the_tool_result(qtbot, jobs):
    answers: list[tuple[dict, bool]] = []
    gui = threading.current_thread()
    arguments = {"code": "print(6 * 7)", "language": "python"}
    call = jobs.call("bp_execute", arguments, lambda r: answers.append((r, threading.current_thread() is gui)))
    assert jobs.session.job == "bp_execute" and jobs.busy
    qtbot.waitUntil(lambda: bool(answers), timeout=30_000)
    result, on_gui = answers[0]
    assert on_gui and result["stdout"].strip() == "42"
    assert not call.live and jobs.session.job is None and not jobs.busy


def test_a_new_call_in_the_window_lane_silences_and_stops_the_one_under_way(qtbot, jobs):
    first: list[dict] = []
    cancelled: list[str] = []
    arguments = {"code": SPIN + "spin(1)\n", "language": "python", "timeout_seconds": 10}
    slow = jobs.call("bp_execute", arguments, first.append, on_cancelled=lambda: cancelled.append("slow"))
    second: list[dict] = []
    with qtbot.waitSignal(jobs.ended, timeout=30_000, check_params_cb=lambda call: call.name == "analyze_code"):
        jobs.call("analyze_code", {"code": "x = 1\n", "language": "python"}, second.append)
    assert cancelled == ["slow"] and slow.stop.is_set()  # the runner kills its child on this event
    assert second and "status" in second[0]
    assert first == []  # the spinning run's answer never reaches its callback


def test_side_calls_wait_their_turn_and_none_is_cancelled(qtbot, jobs):
    answers: list[str] = []
    for code in ("print(1)", "print(2)", "print(3)"):
        jobs.call("bp_execute", {"code": code, "language": "python"}, lambda r: answers.append(r["stdout"]), lane=SIDE)
    qtbot.waitUntil(lambda: len(answers) == 3, timeout=60_000)
    assert [a.strip() for a in answers] == ["1", "2", "3"]


def test_an_answer_about_the_learner_before_a_switch_is_dropped(qtbot, jobs):
    gate = threading.Event()
    answers: list[object] = []
    jobs.run(lambda: gate.wait(30) and "about ada", answers.append, name="slow")
    jobs.session.learner = "grace"
    gate.set()
    after: list[object] = []
    jobs.run(lambda: "about grace", after.append, name="slow")  # the same lane: it ends after the first
    qtbot.waitUntil(lambda: bool(after), timeout=30_000)
    assert answers == [] and after == ["about grace"]


def test_a_window_call_about_a_learner_who_left_still_ends(qtbot, jobs):
    """Its answer is dropped, but the Stop button and the status bar hear that it ended."""
    gate = threading.Event()
    answers: list[object] = []
    jobs.run(lambda: gate.wait(30) and "about ada", answers.append, name="slow", lane=WINDOW)
    assert jobs.busy and jobs.session.job == "slow"
    jobs.session.learner = "grace"
    with qtbot.waitSignal(jobs.ended, timeout=30_000):
        gate.set()
    assert answers == [] and not jobs.busy and jobs.session.job is None


def test_a_failure_reaches_on_failed_with_its_reason(qtbot, jobs):
    failures: list[str] = []

    def broken() -> None:
        raise ValueError("the settings file is not JSON")

    jobs.run(broken, lambda _v: None, on_failed=failures.append)
    qtbot.waitUntil(lambda: bool(failures), timeout=30_000)
    assert failures == ["ValueError: the settings file is not JSON"]


def test_streamed_items_arrive_in_order_before_the_end(qtbot, jobs):
    items: list[int] = []
    done: list[str] = []

    def work(emit) -> str:
        for number in range(5):
            emit(number)
        return "end"

    jobs.stream(work, items.append, lambda value: done.append((value, list(items))))
    qtbot.waitUntil(lambda: bool(done), timeout=30_000)
    assert done == [("end", [0, 1, 2, 3, 4])]


def test_the_session_forgets_results_when_what_is_on_show_changes():
    session = Session("ada", "two-sum", "python")
    seen: list[tuple[str, object]] = []
    cleared: list[bool] = []
    session.result_changed.connect(lambda kind, result: seen.append((kind, result)))
    session.results_cleared.connect(lambda: cleared.append(True))
    session.show(ResultKind.TRACE, {"steps": []})
    assert session.latest("trace") == {"steps": []} and session.result_is_current(ResultKind.TRACE)
    session.edited()
    assert session.latest(ResultKind.TRACE) is not None and not session.result_is_current(ResultKind.TRACE)
    session.problem_id = "two-sum"  # the same problem again: nothing changes
    assert cleared == [] and session.latest(ResultKind.TRACE) is not None
    session.problem_id = "valid-anagram"
    assert cleared == [True] and session.latest(ResultKind.TRACE) is None
    session.show(ResultKind.RUN, {"verdict": "AC"})
    session.language = "javascript"
    assert session.latest(ResultKind.RUN) is None and len(cleared) == 2
    session.show(ResultKind.RUN, {"verdict": "AC"})
    session.learner = "grace"
    assert session.latest(ResultKind.RUN) is None and len(cleared) == 3
    assert seen == [("trace", {"steps": []}), ("run", {"verdict": "AC"}), ("run", {"verdict": "AC"})]
