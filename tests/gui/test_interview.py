"""A mock interview in the window, from the menu to the debrief: the helping tools off while it runs
(hints, the tutor, tags, traces, edge cases, analysis), Run and Submit on (a real child), the
countdown driven by a clock the test moves, "I'm done" or the time up opening the debrief with
every Submit's verdict, the tools back after; a booked one's reminder. Pictures of the window during
the interview and of the debrief are kept in the test's folder."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from PySide6.QtWidgets import QApplication

from codementor_desktop.gui.interview.bar import AMBER, CALM, RED
from codementor_desktop.gui.session import InterviewLock
from tests.gui.conftest import make_window

GOOD = (
    "def two_sum(nums, target):\n"
    "    seen = {}\n"
    "    for j, v in enumerate(nums):\n"
    "        if target - v in seen:\n"
    "            return [seen[target - v], j]\n"
    "        seen[v] = j\n"
)
WRONG = "def two_sum(nums, target):\n    return [0, 1]\n"


class Clock:
    """The interview's time, moved by the test."""

    def __init__(self, start: datetime):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock():
    return Clock(datetime.now().replace(microsecond=0))


def locked_controls(window):
    return {
        "hint": window.hints.action, "trace": window.trace_action, "breakpoint": window.breakpoint_action,
        "edge cases": window.edges_action, "analysis": window.analyze_action, "tutor": window.chat.focus_action,
        "tutor dock": window.chat.toggle_action, "analyse button": window.tests.analyze_button,
        "edge cases button": window.tests.edges_button, "trace input": window.custom_input.box.trace_button,
        "debug my plan": window.plan.action, "debug my plan button": window.plan.pane.debug_button,
        "solutions": window.solutions.action, "solutions button": window.solutions.button,
    }  # fmt: skip


def start_two_sum(window, services, clock, minutes: int = 15) -> str:
    learner = services.settings.user
    booked = services.interviews.schedule(learner, problem_id="two-sum", language="python", time_limit_s=minutes * 60)
    window.interviews.clock = clock
    window.interviews.begin(booked.interview_id)
    assert window.interviews.interview is not None
    return booked.interview_id


def shoot(widget, path) -> None:
    QApplication.processEvents()
    assert widget.grab().save(str(path))


def test_an_interview_from_start_to_debrief(qtbot, services, clock, tmp_path):
    window = make_window(qtbot, services)
    assert window.browser.select("climbing-stairs")
    assert window.hints.action.isEnabled() and window.trace_action.isEnabled()
    solutions = window.solutions.open()  # left open before the interview: it closes when it begins
    interview_id = start_two_sum(window, services, clock)
    assert not solutions.isVisible()
    lock = window.session.interview_lock

    # The helping tools are off, each saying why; the editor, Run, custom input and Submit stay on.
    assert lock.on and window.problem_id == "two-sum"
    for name, control in locked_controls(window).items():
        assert not control.isEnabled(), name
        assert control.toolTip() == InterviewLock.TIP, name
    assert not window.chat.dock.isVisible() and not window.browser.isVisible()
    statement = window.statement.toPlainText()
    assert "Two Sum" in statement and "easy" in statement and "hash maps" not in statement and "arrays" not in statement
    assert window.run_action.isEnabled() and window.submit_action.isEnabled()
    assert window.custom_input.box.run_button.isEnabled() and window.editor.isEnabled()
    window.hints.action.trigger()  # a key press on a disabled command does nothing
    window.hints.reveal()  # nor does a part's own command, which consults the lock
    assert services.history.hints(services.settings.user, "two-sum") == []
    assert window.debugger.trace() is None and window.debugger.run_to_breakpoint() is None
    assert window.analyst.analyze() is None and window.edge_finder.find() is None
    assert "off during the mock interview" in window.statusBar().currentMessage()

    # Run on the visible tests, then two Submits (a real child each).
    window.editor.set_text(WRONG)
    window.run_code()
    assert window.session.latest("run")["verdict"] == "WA"
    clock.advance(minutes=4)
    window.submit_code()
    clock.advance(minutes=3)
    window.editor.set_text(GOOD)
    window.submit_code()
    assert window.interviews.verdicts == ["WA", "AC"]
    assert not solutions.isVisible()  # an accepted Submit shows no solution while the interview runs
    assert window.analyst.tab.status.text() == "" or "Analysing" not in window.analyst.tab.status.text()

    # The countdown follows the clock: 15 minutes, 7 used.
    qtbot.waitUntil(lambda: window.interviews.bar.countdown.text() == "8:00 left", timeout=3000)
    assert window.interviews.bar.state == CALM and window.interviews.bar.isVisible()
    clock.advance(minutes=4, seconds=30)  # 3:30 left: under a quarter
    qtbot.waitUntil(lambda: window.interviews.bar.state == AMBER, timeout=3000)
    window.interviews.bar.notes.setPlainText("A map from value to index; one pass.")
    shoot(window, tmp_path / "interview_during.png")

    window.interviews.bar.done_button.click()
    debrief = window.interviews.debrief
    assert debrief is not None and debrief.isVisible()
    assert not lock.on
    rows = [debrief.submits.item(r, 1).text() for r in range(debrief.submits.rowCount())]
    assert rows == ["WA · wrong answer", "AC · accepted"]
    assert [debrief.submits.item(r, 0).text() for r in range(2)] == ["4:00", "7:00"]
    assert debrief.time.text().startswith("Solved in 11:30 of 15:00 (77% of the time). You ended it.")
    assert "Best known: time O(n), space O(n)" in debrief.analysis.text()
    assert "A map from value to index" in debrief.notes.toPlainText()
    # Tools back on, the tags and the tutor too.
    for name, control in locked_controls(window).items():
        if name != "hint":
            assert control.isEnabled(), name
        assert control.toolTip() != InterviewLock.TIP, name
    assert window.hints.action.isEnabled()
    assert window.chat.dock.isVisible() and window.browser.isVisible()
    assert "hash maps" in window.statement.toPlainText()
    assert not window.interviews.bar.isVisible()
    debrief.improve.setPlainText("Write the empty case first.")
    shoot(debrief, tmp_path / "interview_debrief.png")
    shoot(window, tmp_path / "interview_after.png")
    debrief.close()

    kept = services.interviews.get(services.settings.user, interview_id)
    assert kept.status == "finished" and kept.solved
    assert kept.improvement == "Write the empty case first."
    assert kept.think_aloud == "A map from value to index; one pass."
    assert kept.debrief["analysis"]["time"] and kept.debrief["best_known"] == {"time": "O(n)", "space": "O(n)"}
    assert [s["verdict"] for s in kept.debrief["submits"]] == ["WA", "AC"]

    # The profile shows the interview: one bar, solved, 77% of the time.
    profile = window.learning.profile
    shown = profile.refreshes
    window.show_tab(profile.tab)
    qtbot.waitUntil(lambda: profile.refreshes > shown and not profile.asking, timeout=10000)
    assert [(solved, round(ratio, 2)) for solved, ratio in profile.tab.interviews.points] == [(True, 0.77)]
    assert profile.tab.interviews_said.text() == "Mock interviews: 1 finished, 1 solved, in 77% of the time (median)."
    shoot(profile.tab.cards[-1], tmp_path / "interview_profile.png")  # the interviews chart, below the fold
    window.close()


def test_time_up_ends_the_interview(qtbot, services, clock, tmp_path):
    window = make_window(qtbot, services)
    interview_id = start_two_sum(window, services, clock, minutes=10)
    clock.advance(minutes=9, seconds=30)
    qtbot.waitUntil(lambda: window.interviews.bar.state == RED, timeout=3000)
    assert window.session.interview_lock.on
    clock.advance(minutes=1)
    qtbot.waitUntil(lambda: window.interviews.debrief is not None, timeout=3000)
    assert not window.session.interview_lock.on and window.trace_action.isEnabled()
    debrief = window.interviews.debrief
    assert debrief.time.text() == "Not solved in 10:00 of 10:00 (100% of the time). Time was up."
    assert debrief.submits.isHidden()
    shoot(debrief, tmp_path / "interview_time_up.png")
    debrief.close()
    kept = services.interviews.get(services.settings.user, interview_id)
    assert kept.status == "finished" and kept.time_ratio == 1.0 and not kept.solved
    window.close()


def test_the_menu_dialog_books_a_problem_of_the_difficulty_and_starts_it(qtbot, services, clock):
    window = make_window(qtbot, services)
    window.interviews.clock = clock
    assert window.interviews.start_action in window.menuBar().actions()[2].menu().actions() or any(
        window.interviews.start_action in a.menu().actions() for a in window.menuBar().actions() if a.menu()
    )
    dialog = window.interviews.ask()
    dialog.difficulty.setCurrentIndex(dialog.difficulty.findData("medium"))
    dialog.topics["arrays"].setChecked(True)
    dialog.language.setCurrentIndex(dialog.language.findData("javascript"))
    dialog.accept()
    interview = window.interviews.interview
    assert interview is not None and window.session.interview_lock.on
    problem = services.bank.get(interview.problem_id)
    assert problem.difficulty.value == "medium" and window.problem_id == problem.id
    assert window.current_language == "javascript"
    assert window.interviews.remaining_s() == problem.estimated_minutes * 60
    assert not window.interviews.start_action.isEnabled()  # one interview at a time
    window.interviews.end("done")
    window.interviews.debrief.close()
    window.close()


def test_a_booked_interviews_time_raises_a_notice_that_starts_it(qtbot, services, clock):
    window = make_window(qtbot, services)
    window.interviews.clock = clock
    learner = services.settings.user
    booked = services.interviews.schedule(
        learner, problem_id="two-sum", language="python", time_limit_s=900, at=clock.now + timedelta(hours=1)
    )
    window.interviews.arm_reminders()
    assert window.interviews.notice is None
    clock.advance(hours=2)  # the reminder's time has come
    window.interviews.arm_reminders()
    qtbot.waitUntil(lambda: window.interviews.notice is not None and window.interviews.notice.isVisible(), timeout=3000)
    notice = window.interviews.notice
    assert not notice.isModal() and "Two Sum, 15 minutes" in notice.text()
    later = next(b for b in notice.buttons() if b.text() == "Later")
    later.click()
    assert not notice.isVisible() and "again in 10 minutes" in window.statusBar().currentMessage()
    assert window.interviews.interview is None
    clock.advance(minutes=10)
    window.interviews.arm_reminders()  # as the timer of "Later" would, 10 minutes on
    qtbot.waitUntil(
        lambda: window.interviews.notice is not notice and window.interviews.notice.isVisible(), timeout=3000
    )
    notice = window.interviews.notice
    start = next(b for b in notice.buttons() if b.text() == "Start")
    start.click()
    assert window.interviews.interview is not None
    assert window.interviews.interview.interview_id == booked.interview_id
    window.interviews.end("done")
    window.interviews.debrief.close()
    window.close()


def test_closing_the_window_mid_interview_leaves_it_abandoned_with_its_notes(qtbot, services, clock):
    window = make_window(qtbot, services)
    interview_id = start_two_sum(window, services, clock)
    window.interviews.bar.notes.setPlainText("two pointers? no: unsorted")
    window.close()
    kept = services.interviews.get(services.settings.user, interview_id)
    assert kept.status == "abandoned" and kept.think_aloud == "two pointers? no: unsorted"
    assert not window.session.interview_lock.on


def test_an_interview_with_its_work_off_the_gui_thread_keeps_every_write(qtbot, services, clock):
    """The writes (start, Submits, notes, end, debrief) and the analysis go through Jobs' threads:
    none is lost to a later one, and the debrief waits for the end to be kept."""
    window = make_window(qtbot, services, synchronous=False)
    qtbot.waitUntil(lambda: window.problem_id is not None, timeout=10000)
    learner = services.settings.user
    booked = services.interviews.schedule(learner, problem_id="two-sum", language="python", time_limit_s=900)
    window.interviews.clock = clock
    window.interviews.begin(booked.interview_id)
    qtbot.waitUntil(lambda: window.session.interview_lock.on, timeout=10000)
    window.editor.set_text(GOOD)
    clock.advance(minutes=2)
    window.submit_code()
    qtbot.waitUntil(lambda: window.interviews.verdicts == ["AC"], timeout=30000)
    window.interviews.bar.notes.setPlainText("hash map, one pass")
    window.interviews.bar.done_button.click()  # at once: the notes' pause has not passed
    qtbot.waitUntil(lambda: window.interviews.debrief is not None, timeout=10000)
    debrief = window.interviews.debrief
    qtbot.waitUntil(lambda: "Best known" in debrief.analysis.text(), timeout=60000)
    assert debrief.notes.toPlainText() == "hash map, one pass"
    assert [debrief.submits.item(r, 1).text() for r in range(debrief.submits.rowCount())] == ["AC · accepted"]
    debrief.improve.setPlainText("say the complexity aloud")
    debrief.close()
    qtbot.waitUntil(lambda: services.interviews.get(learner, booked.interview_id).improvement != "", timeout=10000)
    kept = services.interviews.get(learner, booked.interview_id)
    assert kept.status == "finished" and kept.solved and kept.think_aloud == "hash map, one pass"
    assert kept.seconds_used == 120
    window.close()
