"""What sits above the code during a mock interview: the countdown (large, amber then red near the
end), the problem, "I'm done", and the think-aloud box."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget


def tr(text: str) -> str:
    return QCoreApplication.translate("Interview", text)


CALM, AMBER, RED = "calm", "amber", "red"
COLOURS = {CALM: "#2e7d32", AMBER: "#e08a00", RED: "#d32f2f"}


def urgency(remaining_s: float, limit_s: float) -> str:
    """How near the end is: red in the last tenth (at least the last minute), amber in the last
    quarter (at least the last three minutes)."""
    if remaining_s <= max(60.0, 0.10 * limit_s):
        return RED
    if remaining_s <= max(180.0, 0.25 * limit_s):
        return AMBER
    return CALM


def clock_text(seconds: float) -> str:
    """``seconds`` as m:ss (h:mm:ss past an hour), never negative."""
    whole = max(0, int(round(seconds)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class InterviewBar(QFrame):
    """The interview's strip above the editor. ``done`` is "I'm done"; ``notes_changed`` the
    think-aloud box's text as typed."""

    done = Signal()
    notes_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, objectName="interviewBar")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel("", objectName="interviewTitle", textFormat=Qt.TextFormat.PlainText)
        self.countdown = QLabel("", objectName="interviewCountdown")
        self.countdown.setAccessibleName(tr("Time left in the mock interview"))
        self.countdown.setMinimumWidth(150)
        self.countdown.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.submits = QLabel("", objectName="interviewSubmits", textFormat=Qt.TextFormat.PlainText)
        self.done_button = QPushButton(tr("I'm done"), objectName="interviewDone")
        self.done_button.setToolTip(tr("End the mock interview now and open its debrief"))
        self.done_button.clicked.connect(self.done)
        self.notes = QPlainTextEdit(objectName="thinkAloud")
        self.notes.setPlaceholderText(
            tr("Think aloud: your approach, the cases you test, what worries you. It goes into the debrief.")
        )
        self.notes.setAccessibleName(tr("Think aloud notes"))
        self.notes.setFixedHeight(62)
        self.notes.textChanged.connect(lambda: self.notes_changed.emit(self.notes.toPlainText()))
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title, 1)
        top.addWidget(self.submits)
        top.addWidget(self.countdown)
        top.addWidget(self.done_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.notes)
        self.state = CALM
        self.hide()

    def begin(self, title: str, limit_s: float, notes: str = "") -> None:
        self.title.setText(tr("Mock interview · %s") % title)
        self.notes.blockSignals(True)
        self.notes.setPlainText(notes)
        self.notes.blockSignals(False)
        self.submits.setText("")
        self.show_time(limit_s, limit_s)
        self.show()

    def show_time(self, remaining_s: float, limit_s: float) -> None:
        """The countdown at ``remaining_s`` of ``limit_s``, coloured by how near the end is."""
        self.state = urgency(remaining_s, limit_s)
        self.countdown.setText(tr("%s left") % clock_text(remaining_s))
        self.countdown.setStyleSheet(f"font-size: 20pt; font-weight: bold; color: {COLOURS[self.state]};")
        self.countdown.setToolTip(tr("%s left of %s") % (clock_text(remaining_s), clock_text(limit_s)))

    def show_submits(self, verdicts: list[str]) -> None:
        self.submits.setText(tr("Submits: %s") % " ".join(verdicts) + "  " if verdicts else "")
