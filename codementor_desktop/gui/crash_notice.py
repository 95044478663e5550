"""After a crash, the next start says what happened: a bar above the code that does not block.

A ``running`` marker in the data folder is written when the window is ready and removed when it
closes cleanly; found at start, the last session ended otherwise, unless the process that wrote
it is still running: then CodeMentor is open in another window, and the bar says that instead.
The problem and its draft are restored by the window as on any start (the drafts are saved as
the learner types); the bar says that they were.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from .window_files import RUNNING, Flag, app_is_running


def tr(text: str) -> str:
    return QCoreApplication.translate("CrashNotice", text)


class MessageBar(QFrame):
    """A line of news above the editor with a Dismiss button; hidden until it has something to say."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, objectName="messageBar", visible=False)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName(tr("Message"))
        self._style()
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 4, 4, 4)
        self.label = QLabel("", textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.dismiss = QPushButton(tr("Dismiss"))
        self.dismiss.setAccessibleName(tr("Dismiss the message"))
        self.dismiss.clicked.connect(self.hide)
        row.addWidget(self.label, 1)
        row.addWidget(self.dismiss)

    def _style(self) -> None:
        # Colours from the palette as it is now (a style sheet's palette(...) is read once), set
        # again when the theme changes; unchanged colours are not set again.
        palette = self.palette()
        sheet = (
            f"#messageBar {{ background: {palette.toolTipBase().color().name()};"
            f" border: 1px solid {palette.mid().color().name()}; }}"
            f" #messageBar QLabel {{ color: {palette.toolTipText().color().name()}; }}"
        )
        if sheet != self.styleSheet():
            self.setStyleSheet(sheet)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.PaletteChange:
            self._style()
        super().changeEvent(event)

    def show_message(self, text: str) -> None:
        self.label.setText(text)
        self.show()


ALSO_OPEN = (
    "CodeMentor is open in another window too: both save your drafts, and the one that saves last keeps its text."
)


def crash_sentence(problem_title: str | None) -> str:
    if problem_title:
        return tr("CodeMentor closed unexpectedly last time; your draft of %s was restored.") % problem_title
    return tr("CodeMentor closed unexpectedly last time; your drafts are kept as you left them.")


def watch_for_crash(data_dir: Path, notice: MessageBar, problem_title: str | None) -> Flag:
    """Say so in ``notice`` if the last session did not end cleanly (``problem_title``: the problem
    it reopened); mark this one as running. The window clears the returned marker when it closes cleanly."""
    marker = Flag(data_dir, RUNNING)
    holder = marker.holder()
    if holder is not None and holder != os.getpid() and app_is_running(holder):
        notice.show_message(tr(ALSO_OPEN))
    elif marker.is_set():
        notice.show_message(crash_sentence(problem_title))
    marker.set()
    return marker
