"""The window's toolbar and its commands: what the learner does most (Run, Submit, Trace, Stop,
Reset code), beside the problem's title and the language; the menus list the same actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

from ..domain.vocabulary import Language

if TYPE_CHECKING:
    from .main_window import MainWindow


def build_toolbar(window: MainWindow) -> None:
    """The toolbar (problem title, language, Run, Submit, Trace, Stop, Reset code) and the
    window's own actions the menus list."""
    bar = QToolBar("Main", objectName="mainToolbar", movable=False)
    window.addToolBar(bar)
    window.title_label = QLabel("", objectName="problemTitle", textFormat=Qt.TextFormat.PlainText)
    window.title_label.setMinimumWidth(200)
    bar.addWidget(window.title_label)
    window.language = QComboBox(objectName="language")
    window.language.addItem("Python", Language.PYTHON.value)
    window.language.addItem("JavaScript", Language.JAVASCRIPT.value)
    window.language.currentIndexChanged.connect(window._on_language)
    bar.addWidget(window.language)
    window.run_action = window._action("Run", "Ctrl+Return", window.run_code, bar)
    window.submit_action = window._action("Submit", "Ctrl+Shift+Return", window.submit_code, bar)
    window.trace_action = window._action(
        "Trace", "F5", window._debugging("trace"), bar, "Trace your code on the selected test (or the first example)"
    )
    window.analyze_action = window._action(
        "Analyze code", "Ctrl+Shift+A", lambda: window.analyst.analyze() if window.ready else None, None,
        "Look for weaknesses and measure the complexity of your code",
    )  # fmt: skip
    window.stop_action = window._action("Stop", "Escape", None, bar, "Stop the running job")
    window.stop_action.setEnabled(False)
    window.reset_action = window._action(
        "Reset code", None, window.reset_code, bar, "Go back to the starter code (Ctrl+Z brings your code back)"
    )
    window.quit_action = window._action("Quit", "Ctrl+Q", window.close, None, "Save your work and quit")
    window._show_run_buttons(None)
    window.language.setAccessibleName(window.tr("Language of the code"))
    for action in bar.actions():
        button = bar.widgetForAction(action)
        if button is not None and not button.accessibleName() and action.text():
            button.setAccessibleName(action.text().replace("&", ""))
