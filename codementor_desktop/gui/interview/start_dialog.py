"""Run ▸ Mock interview…: the difficulty (or the recommended one), topics, the language, and now or
a reminder at a later time."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from PySide6.QtCore import QCoreApplication, QDateTime
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QWidget,
)

from ...domain.vocabulary import Language, Topic


def tr(text: str) -> str:
    return QCoreApplication.translate("Interview", text)


class StartDialog(QDialog):
    """What to be interviewed on. ``arguments()`` is the ``schedule_mock_interview`` call it makes."""

    def __init__(self, language: str, now: datetime, parent: QWidget | None = None):
        super().__init__(parent, objectName="interviewStart")
        self.setWindowTitle(tr("Mock interview"))
        self.difficulty = QComboBox(objectName="interviewDifficulty")
        for label, value in (
            (tr("Recommended for you"), "adaptive"),
            (tr("Easy"), "easy"),
            (tr("Medium"), "medium"),
            (tr("Hard"), "hard"),
        ):
            self.difficulty.addItem(label, value)
        self.topics: dict[str, QCheckBox] = {}
        grid = QGridLayout()
        for number, topic in enumerate(Topic):
            box = QCheckBox(topic.value.replace("_", " "), objectName=f"interviewTopic_{topic.value}")
            self.topics[topic.value] = box
            grid.addWidget(box, number // 3, number % 3)
        self.language = QComboBox(objectName="interviewLanguage")
        for value in Language:
            self.language.addItem(
                value.value.capitalize() if value.value != "javascript" else "JavaScript", value.value
            )
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        self.later = QCheckBox(tr("Remind me at"), objectName="interviewLater")
        self.when = QDateTimeEdit(QDateTime(now + timedelta(hours=1)), objectName="interviewWhen")
        self.when.setCalendarPopup(True)
        self.when.setEnabled(False)
        self.later.toggled.connect(self.when.setEnabled)
        form = QFormLayout(self)
        form.addRow(
            QLabel(
                tr(
                    "A timed problem you have not solved. The editor, Run, custom input and Submit stay on; "
                    "hints, the tutor, tags, traces, edge cases and analysis are off until you are done."
                ),
                wordWrap=True,
            )
        )
        form.addRow(tr("Difficulty:"), self.difficulty)
        form.addRow(tr("Topics (none: any):"), grid)
        form.addRow(tr("Language:"), self.language)
        form.addRow(self.later, self.when)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        if ok is not None:
            ok.setText(tr("Start"))
            self.later.toggled.connect(lambda on: ok.setText(tr("Book") if on else tr("Start")))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def arguments(self) -> dict[str, Any]:
        chosen = [topic for topic, box in self.topics.items() if box.isChecked()]
        arguments: dict[str, Any] = {
            "difficulty": self.difficulty.currentData(),
            "language": self.language.currentData(),
        }
        if chosen:
            arguments["topics"] = chosen
        if self.later.isChecked():
            arguments["at"] = self.when.dateTime().toPython().isoformat(timespec="minutes")
        return arguments
