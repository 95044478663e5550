"""Moving through a trace: the stepping actions, play and pause, and the predict-then-reveal flow.

The actions carry the debugger's keys: F11 into, F10 over, Shift+F11 out, Shift+F10 back (on the
whole window), Home and End (only while the panel has the focus, so the editor keeps its own Home
and End). The window can add the same actions to its Run menu.

In predict mode, stepping into (or playing) stops before each step that changes a variable and
asks for its value (``questionChanged``); ``answer`` checks it, keeps the score and reveals the
step; ``skip`` reveals it without scoring. Any other move drops the question.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence

from .cursor import StepCursor
from .prediction import PredictionScore, Question, answers_match, question_before
from .stepping import step_back, step_into, step_out, step_over
from .timeline import TraceTimeline

SPEEDS = (1, 2, 4, 10, 25, 100)  # steps per second


def tr(text: str) -> str:
    return QCoreApplication.translate("Player", text)


class Player(QObject):
    questionChanged = Signal(object)  # the Question asked, or None when none is pending
    answered = Signal(object, bool, str)  # the question, whether the answer was right, the answer
    playingChanged = Signal(bool)

    def __init__(self, cursor: StepCursor, score: PredictionScore, parent: QObject | None = None):
        super().__init__(parent)
        self.step_cursor = cursor
        self.score = score
        self.timeline = TraceTimeline()
        self.pending: Question | None = None
        self._answered: set[int] = set()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self.speed = 4
        self.into_action = self._action("Step into", "F11", self.step_into, "Go to the next step")
        self.over_action = self._action(
            "Step over", "F10", self.step_over, "Next step in this call (calls run through)"
        )
        self.out_action = self._action("Step out", "Shift+F11", self.step_out, "Run to the end of this call")
        self.back_action = self._action("Step back", "Shift+F10", self.step_back, "Go to the step before")
        self.home_action = self._action("First step", "Home", lambda: self._go(0), "Go to the first step", local=True)
        self.end_action = self._action("Last step", "End", lambda: self._go(self.step_cursor.count - 1),
                                       "Go to the last step", local=True)  # fmt: skip
        self.play_action = self._action("Play", None, self.toggle_play, "Play the trace at the chosen speed")
        self.play_action.setCheckable(True)
        self.predict_action = self._action("Predict", None, self._predict_toggled,
                                           "Predict, then reveal: guess each change before you see it")  # fmt: skip
        self.predict_action.setCheckable(True)
        cursor.moved.connect(self._on_moved)

    def _action(self, text: str, key: str | None, slot, tip: str, local: bool = False) -> QAction:
        action = QAction(text, self)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(
                Qt.ShortcutContext.WidgetWithChildrenShortcut if local else Qt.ShortcutContext.WindowShortcut
            )
            tip += f" ({QKeySequence(key).toString()})"
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        return action

    def actions(self) -> list[QAction]:
        return [self.home_action, self.back_action, self.play_action, self.into_action, self.over_action,
                self.out_action, self.end_action]  # fmt: skip

    def set_timeline(self, timeline: TraceTimeline) -> None:
        self.pause()
        self.timeline = timeline
        self._answered.clear()
        self._drop_question()

    # -- moving -----------------------------------------------------------------------------------

    def step_into(self) -> None:
        if self.pending is not None:
            return  # the question waits for an answer or a skip
        here = self.step_cursor.index
        if self.predict_action.isChecked() and here + 1 not in self._answered:
            question = question_before(self.timeline, here)
            if question is not None:
                self.pause()
                self.pending = question
                self.questionChanged.emit(question)
                return
        self.step_cursor.move(step_into(self.timeline.depths, here))

    def step_over(self) -> None:
        self._go(step_over(self.timeline.depths, self.step_cursor.index))

    def step_out(self) -> None:
        self._go(step_out(self.timeline.depths, self.step_cursor.index))

    def step_back(self) -> None:
        self._go(step_back(self.timeline.depths, self.step_cursor.index))

    def _go(self, index: int) -> None:
        self._drop_question()
        self.step_cursor.move(index)

    def _on_moved(self, index: int) -> None:
        if self.pending is not None and index != self.pending.before:
            self._drop_question()

    # -- predict, then reveal ----------------------------------------------------------------------

    def answer(self, text: str) -> bool:
        """Check the learner's answer to the pending question, score it and reveal the step."""
        question = self.pending
        if question is None:
            return False
        correct = answers_match(text, question.expected)
        self.score.record(correct)
        self._reveal(question)
        self.answered.emit(question, correct, text)
        return correct

    def skip(self) -> None:
        """Reveal the pending question's step without scoring it."""
        if self.pending is not None:
            self._reveal(self.pending)

    def _reveal(self, question: Question) -> None:
        self._answered.add(question.reveal)
        self._drop_question()
        self.step_cursor.move(question.reveal)

    def _drop_question(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.questionChanged.emit(None)

    def _predict_toggled(self) -> None:
        if not self.predict_action.isChecked():
            self._drop_question()

    # -- playing ----------------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self._timer.isActive()

    def set_speed(self, steps_per_second: int) -> None:
        self.speed = max(1, int(steps_per_second))
        self._timer.setInterval(max(5, 1000 // self.speed))

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self) -> None:
        if self.step_cursor.count < 2:
            self.play_action.setChecked(False)
            return
        if self.step_cursor.index >= self.step_cursor.count - 1:
            self._go(0)
        self._timer.start(max(5, 1000 // self.speed))
        self.play_action.setChecked(True)
        self.play_action.setText(tr("Pause"))
        self.playingChanged.emit(True)

    def pause(self) -> None:
        was = self._timer.isActive()
        self._timer.stop()
        self.play_action.setChecked(False)
        self.play_action.setText(tr("Play"))
        if was:
            self.playingChanged.emit(False)

    def _tick(self) -> None:
        if self.step_cursor.index >= self.step_cursor.count - 1:
            self.pause()
            return
        self.step_into()
