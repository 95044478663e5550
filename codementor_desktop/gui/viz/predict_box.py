"""The predict-then-reveal box: the question, the learner's answer, the verdict and the score."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QLineEdit, QPushButton, QWidget

from .player import Player
from .prediction import Question

RIGHT = "#2e7d32"
WRONG = "#c62828"


def tr(text: str) -> str:
    return QCoreApplication.translate("PredictBox", text)


class PredictBox(QFrame):
    """Shown while predict mode is on; takes the player whose questions it asks."""

    def __init__(self, player: Player, parent: QWidget | None = None):
        super().__init__(parent)
        self.player = player
        self.setObjectName("predictBox")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.prompt = QLabel(tr("Step into (F11) or Play: the trace stops before each change and asks you first."))
        self.prompt.setWordWrap(True)
        self.answer = QLineEdit(placeholderText="your prediction, e.g. 3 or [1, 2]")
        self.answer.setObjectName("predictAnswer")
        self.check = QPushButton(tr("Check"))
        self.skip = QPushButton(tr("Show me"))
        self.feedback = QLabel("")
        self.feedback.setWordWrap(True)
        self.feedback.setObjectName("predictFeedback")
        self.score = QLabel(player.score.text)
        self.score.setObjectName("predictScore")
        layout = QGridLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.prompt, 0, 0, 1, 4)
        layout.addWidget(self.answer, 1, 0)
        layout.addWidget(self.check, 1, 1)
        layout.addWidget(self.skip, 1, 2)
        layout.addWidget(self.score, 1, 3)
        layout.addWidget(self.feedback, 2, 0, 1, 4)
        layout.setColumnStretch(0, 1)
        self.check.clicked.connect(self._check)
        self.answer.returnPressed.connect(self._check)
        self.skip.clicked.connect(player.skip)
        player.questionChanged.connect(self.ask)
        player.answered.connect(self._answered)
        self._set_enabled(False)

    def ask(self, question: Question | None) -> None:
        if question is None:
            self._set_enabled(False)
            return
        self.prompt.setText(tr("<b>Predict:</b> %s") % (escape(question.prompt),))
        self.answer.clear()
        self._set_enabled(True)
        self.answer.setFocus()

    def _set_enabled(self, asking: bool) -> None:
        for widget in (self.answer, self.check, self.skip):
            widget.setEnabled(asking)

    def _check(self) -> None:
        if self.player.pending is not None and self.answer.text().strip():
            self.player.answer(self.answer.text())

    def _answered(self, question: Question, correct: bool, answer: str) -> None:
        if correct:
            text = (
                f"Last prediction: <b style='color:{RIGHT}'>right.</b> {escape(question.variable)} = "
                f"{escape(question.expected)}"
            )
        else:
            text = (
                f"Last prediction: <b style='color:{WRONG}'>not quite.</b> {escape(question.variable)} = "
                f"{escape(question.expected)} (you said {escape(answer.strip())})"
            )
        self.feedback.setText(text)
        self.score.setText(self.player.score.text)
        self.prompt.setText(tr("Step into (F11) or Play for the next question."))

    def reset(self) -> None:
        """A new problem: no question, no last verdict, the score as it now is."""
        self.ask(None)
        self.feedback.setText("")
        self.prompt.setText(tr("Step into (F11) or Play: the trace stops before each change and asks you first."))
        self.refresh_score()

    def refresh_score(self) -> None:
        self.score.setText(self.player.score.text)
