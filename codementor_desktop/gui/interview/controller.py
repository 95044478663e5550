"""A mock interview in the window, from booking to debrief.

Run ▸ Mock interview… books one through ``schedule_mock_interview`` (now, or with a reminder);
a booked one's time raises a notice while the app is open (Start / Later). Started, the problem
opens in its language, the session's ``InterviewLock`` goes on (the helping tools go off:
``LockedControls``), and the bar above the code counts down. Every Submit's verdict is kept with its
time; "I'm done" or the time up ends it, the lock goes off, and the debrief opens: the analysis of
the final code runs then. Storage is written off the GUI thread (``Jobs.run``).

``clock`` is the time the interview reads (a test moves it instead of waiting minutes).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QWidget

from ..jobs import SIDE, Jobs
from .bar import InterviewBar
from .debrief import DebriefDialog
from .lock import LockedControls
from .start_dialog import StartDialog

if TYPE_CHECKING:
    from ...tools.interviews import Interview
    from ...tools.services import Services
    from ..session import Session

# The interview's writes wait their turn in SIDE, one after another: in a latest-wins lane a note
# saved just before the end would be cancelled by the end, and the end by the debrief.
LANE = SIDE
TICK_MS = 250
NOTES_PAUSE_MS = 600  # the think-aloud box is saved once typing pauses
LATER = timedelta(minutes=10)
LONGEST_WAIT_MS = 2**31 - 1


def tr(text: str) -> str:
    return QCoreApplication.translate("Interview", text)


class MockInterviews(QObject):
    """The window's mock interviews. ``interview`` is the one under way (None when none is)."""

    started = Signal(str)  # interview id
    ended = Signal(str)  # interview id (its debrief is open)
    reminded = Signal(str)  # interview id (its notice is open)
    recorded = Signal(str)  # interview id: its debrief was kept (the profile reads it again)

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        host: QWidget,
        bar: InterviewBar,
        open_problem: Callable[[str, str], None],
        code: Callable[[], str],
        hide_tags: Callable[[bool], None],
        say: Callable[[str], None],
    ):
        super().__init__(host)
        self.session, self.jobs, self.services = session, jobs, services
        self.host, self.bar = host, bar
        self.open_problem, self.code, self.hide_tags, self.say = open_problem, code, hide_tags, say
        self.store = services.interviews
        self.controls = LockedControls(session.interview_lock, self)
        self.clock: Callable[[], datetime] = datetime.now
        self.interview: Interview | None = None
        self._learner = session.learner  # whose interview is under way
        self.verdicts: list[str] = []
        self.debrief: DebriefDialog | None = None
        self.start_action: QAction | None = None  # Run ▸ Mock interview…
        self.notice: QMessageBox | None = None
        self._timers: dict[str, QTimer] = {}  # reminders, by interview id
        self.ticker = QTimer(self, interval=TICK_MS)
        self.ticker.timeout.connect(self.tick)
        self.notes_timer = QTimer(self, singleShot=True, interval=NOTES_PAUSE_MS)
        self.notes_timer.timeout.connect(self._save_notes)
        bar.done.connect(lambda: self.end("done"))
        bar.notes_changed.connect(lambda _text: self.notes_timer.start())
        session.result_changed.connect(self._on_result)
        session.learner_changed.connect(self._on_learner)
        session.interview_lock.changed.connect(hide_tags)

    # --- booking and reminders ----------------------------------------------------------------
    def ask(self) -> StartDialog:
        """Run ▸ Mock interview…: the dialog; its answer books the interview (and starts it, unless
        it is for later)."""
        dialog = StartDialog(self.session.language, self.clock(), self.host)
        dialog.accepted.connect(lambda: self.book(dialog.arguments()))
        dialog.open()
        return dialog

    def book(self, arguments: dict[str, Any]) -> None:
        if self.interview is not None:
            self.say(tr("A mock interview is under way: finish it first."))
            return
        self.jobs.call("schedule_mock_interview", arguments, self._booked, lane=SIDE)

    def _booked(self, result: dict[str, Any]) -> None:
        if "error_code" in result:
            self.say(tr("No mock interview: %s") % result.get("error_message", ""))
            return
        if result.get("scheduled_for"):
            self.say(
                tr("Mock interview booked: %s, %s minutes; a reminder at %s.")
                % (result["title"], result["time_limit_minutes"], str(result["scheduled_for"]).replace("T", " "))
            )
            self.arm_reminders()
            return
        self.begin(result["interview_id"])

    def arm_reminders(self) -> None:
        """Read the learner's booked interviews and set a timer to each one's time."""
        learner = self.session.learner
        self.jobs.run(lambda: self.store.reminders(learner), self._arm, name="interview reminders", lane=LANE)

    def _arm(self, booked: list[Interview]) -> None:
        for timer in self._timers.values():
            timer.stop()
        self._timers.clear()
        for interview in booked:
            assert interview.scheduled_for is not None
            self._arm_one(interview, interview.scheduled_for)

    def _arm_one(self, interview: Interview, at: datetime) -> None:
        wait_ms = max(0, int((at - self.clock()).total_seconds() * 1000))
        timer = QTimer(self, singleShot=True, interval=min(wait_ms, LONGEST_WAIT_MS))
        timer.timeout.connect(lambda i=interview: self.remind(i))
        self._timers[interview.interview_id] = timer
        timer.start()

    def remind(self, interview: Interview) -> QMessageBox | None:
        """A booked interview's time: a notice that does not block the window, Start or Later."""
        if self.interview is not None:  # one under way: ask again later
            self._arm_one(interview, self.clock() + LATER)
            return None
        problem = self.services.bank.get(interview.problem_id or "")
        title = problem.title if problem is not None else interview.problem_id
        notice = QMessageBox(
            QMessageBox.Icon.Information,
            tr("Mock interview"),
            tr("Time for your mock interview: %s, %d minutes.") % (title, interview.time_limit_s // 60),
            QMessageBox.StandardButton.NoButton,
            self.host,
        )
        notice.setObjectName("interviewReminder")
        start = notice.addButton(tr("Start"), QMessageBox.ButtonRole.AcceptRole)
        notice.addButton(tr("Later"), QMessageBox.ButtonRole.RejectRole)
        notice.setModal(False)

        def answered(button: object) -> None:
            if button is start:
                self.begin(interview.interview_id)
            else:
                self._arm_one(interview, self.clock() + LATER)
                self.say(tr("The mock interview will remind you again in 10 minutes."))

        notice.buttonClicked.connect(answered)
        notice.show()
        self.notice = notice
        self.reminded.emit(interview.interview_id)
        return notice

    # --- the interview ----------------------------------------------------------------------------
    def begin(self, interview_id: str) -> None:
        """Start a booked interview: the clock runs from now."""
        learner, now = self.session.learner, self.clock()
        timer = self._timers.pop(interview_id, None)
        if timer is not None:
            timer.stop()
        self.jobs.run(
            lambda: self.store.start(learner, interview_id, now=now), self._started, name="interview", lane=LANE
        )

    def _started(self, interview: Interview) -> None:
        problem = self.services.bank.get(interview.problem_id or "")
        if problem is None:
            self.say(tr("The interview's problem %s is not in the bank.") % interview.problem_id)
            return
        self.open_problem(problem.id, interview.language)
        if self.session.problem_id != problem.id:
            self.say(tr("The interview's problem could not be opened."))
            return
        self.interview = interview
        self._learner = self.session.learner
        self.verdicts = []
        self.session.interview_lock.engage()
        self.bar.begin(problem.title, interview.time_limit_s, interview.think_aloud)
        self.ticker.start()
        self.say(tr("Mock interview started: %d minutes. Run and Submit as usual; \"I'm done\" ends it.")
                 % (interview.time_limit_s // 60))  # fmt: skip
        self.started.emit(interview.interview_id)

    def remaining_s(self) -> float:
        interview = self.interview
        if interview is None or interview.started_at is None:
            return 0.0
        used = (self.clock() - interview.started_at).total_seconds()
        return interview.time_limit_s - used

    def tick(self) -> None:
        interview = self.interview
        if interview is None:
            self.ticker.stop()
            return
        remaining = self.remaining_s()
        self.bar.show_time(remaining, interview.time_limit_s)
        if remaining <= 0:
            self.end("time")

    def _on_result(self, kind: str, result: object) -> None:
        """A Submit judged during the interview: its verdict is kept with its time."""
        interview = self.interview
        if kind != "run" or interview is None or not isinstance(result, dict):
            return
        if self.session.problem_id != interview.problem_id:
            return
        if not any(isinstance(t, dict) and t.get("hidden") for t in result.get("test_results") or []):
            return  # a Run on the visible tests
        verdict = str(result.get("verdict") or "IE")
        passed = sum(1 for t in result.get("test_results") or [] if isinstance(t, dict) and t.get("passed"))
        total = result.get("tests_total")
        learner, now, run_id = self.session.learner, self.clock(), result.get("run_id")
        self.verdicts.append(verdict)
        self.bar.show_submits(self.verdicts)
        self.jobs.run(
            lambda: self.store.record_submit(
                learner, interview.interview_id, verdict=verdict, passed=passed, total=total, run_id=run_id, now=now
            ),
            lambda _kept: None,
            name="interview submit",
            lane=LANE,
        )

    def _save_notes(self) -> None:
        interview = self.interview
        if interview is None:
            return
        learner, text = self.session.learner, self.bar.notes.toPlainText()
        self.jobs.run(
            lambda: self.store.save_think_aloud(learner, interview.interview_id, text),
            lambda _none: None,
            name="think aloud",
            lane=LANE,
        )

    def end(self, ended_by: str) -> None:
        """ "I'm done" (``done``) or the time up (``time``): the tools come back and the debrief opens."""
        interview = self.interview
        if interview is None:
            return
        self.ticker.stop()
        if self.notes_timer.isActive():
            self.notes_timer.stop()
        self._save_notes()
        self.interview = None
        self.bar.hide()
        self.session.interview_lock.release()
        learner, now = self.session.learner, self.clock()
        code, language = self.code(), interview.language
        self.say(tr("Time is up: here is your debrief.") if ended_by == "time" else tr("Here is your debrief."))
        self.jobs.run(
            lambda: self.store.end(learner, interview.interview_id, now=now),
            lambda ended: self._debrief(ended, ended_by, code, language),
            name="interview end",
            lane=LANE,
        )

    def _debrief(self, interview: Interview, ended_by: str, code: str, language: str) -> None:
        problem = self.services.bank.get(interview.problem_id or "")
        learner = self.session.learner
        facts: dict[str, Any] = {
            "ended_by": ended_by,
            "seconds_used": interview.seconds_used,
            "time_limit_s": interview.time_limit_s,
            "solved": interview.solved,
            "submits": list(interview.submits),
            "best_known": {"time": problem.complexity.time, "space": problem.complexity.space} if problem else None,
            "think_aloud": interview.think_aloud,
        }
        self.jobs.run(
            lambda: self.store.finish(learner, interview.interview_id, facts),
            lambda kept: self.recorded.emit(kept.interview_id),
            name="debrief",
            lane=LANE,
        )

        def closed(improvement: str) -> None:
            facts["improvement"] = improvement
            self.jobs.run(
                lambda: self._keep_improvement(learner, interview.interview_id, improvement, facts),
                lambda _done: None,
                name="debrief",
                lane=LANE,
            )

        dialog = DebriefDialog(interview, problem, ended_by, self.host, on_close=closed)
        self.debrief = dialog
        dialog.show()
        run_ids = [s.get("run_id") for s in interview.submits if s.get("run_id")]
        arguments = {
            "code": code,
            "language": language,
            "problem_id": interview.problem_id,
            "test_results": {"run_id": run_ids[-1]} if run_ids else {},
        }

        def analysed(result: dict[str, Any]) -> None:
            dialog.show_analysis(result)
            found = result.get("complexity_analysis") or {}
            facts["analysis"] = {
                "time": found.get("time_complexity"),
                "space": found.get("space_complexity"),
                "patterns": [p.get("pattern_type") for p in result.get("detected_patterns") or []],
            }
            self.jobs.run(
                lambda: self.store.finish(learner, interview.interview_id, facts),
                lambda _i: None,
                name="debrief",
                lane=LANE,
            )

        self.jobs.call(
            "analyze_code_patterns", arguments, analysed, on_failed=dialog.analysis_failed, lane="interview analysis"
        )
        self.ended.emit(interview.interview_id)

    def _keep_improvement(self, learner: str, interview_id: str, improvement: str, facts: dict[str, Any]) -> None:
        self.store.save_improvement(learner, interview_id, improvement)
        self.store.finish(learner, interview_id, facts)

    def _on_learner(self, _name: str) -> None:
        """Another learner: an interview under way is abandoned, and the reminders are the new one's."""
        interview, learner = self.interview, self._learner
        if interview is not None:
            self.ticker.stop()
            self.interview = None
            self.bar.hide()
            self.session.interview_lock.release()
            now = self.clock()
            self.jobs.run(
                lambda: self.store.abandon(learner, interview.interview_id, now=now),
                lambda _i: None,
                name="interview left",
                lane=LANE,
            )
        self.arm_reminders()

    def shutdown(self) -> None:
        """The window closes: an interview under way is abandoned (kept as such), the notices go."""
        self.ticker.stop()
        self.notes_timer.stop()
        for timer in self._timers.values():
            timer.stop()
        interview = self.interview
        if interview is not None:
            self.interview = None
            self.store.save_think_aloud(self._learner, interview.interview_id, self.bar.notes.toPlainText())
            self.store.abandon(self._learner, interview.interview_id, now=self.clock())
            self.session.interview_lock.release()
        for shown in (self.debrief, self.notice):
            if shown is not None and shown.isVisible():
                shown.close()
