"""The window's toolbar and its commands: what the learner does most (Run, Submit, Trace, Stop,
Reset code), beside the problem's title and the language; the menus list the same actions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QToolBar

from ..domain.vocabulary import Language

if TYPE_CHECKING:
    from .main_window import MainWindow
    from .runs import Run


def tr(text: str) -> str:
    return QCoreApplication.translate("Toolbar", text)


def window_action(
    window: MainWindow,
    text: str,
    shortcut: str | None,
    slot: Callable[[], object] | None,
    bar: QToolBar | None,
    tip: str = "",
) -> QAction:
    """One of the window's commands: on the toolbar ``bar``, or a shortcut of the window without a button."""
    action = QAction(window.tr(text), window)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    action.setToolTip(window.tr(tip))
    if slot is not None:
        action.triggered.connect(lambda _checked=False: slot())
    if bar is not None:
        bar.addAction(action)
    else:
        window.addAction(action)
    return action


def build_toolbar(window: MainWindow) -> None:
    """The toolbar (problem title, language, Run, Submit, Trace, Stop, Reset code) and the
    window's own actions the menus list."""
    bar = QToolBar(tr("Main"), objectName="mainToolbar", movable=False)
    window.addToolBar(bar)
    window.title_label = QLabel("", objectName="problemTitle", textFormat=Qt.TextFormat.PlainText)
    window.title_label.setMinimumWidth(200)
    bar.addWidget(window.title_label)
    window.language = QComboBox(objectName="language")
    window.language.addItem(tr("Python"), Language.PYTHON.value)
    window.language.addItem(tr("JavaScript"), Language.JAVASCRIPT.value)
    window.language.currentIndexChanged.connect(window._on_language)
    bar.addWidget(window.language)
    window.run_action = window_action(window, "Run", "Ctrl+Return", window.run_code, bar)
    window.submit_action = window_action(window, "Submit", "Ctrl+Shift+Return", window.submit_code, bar)
    window.trace_action = window_action(
        window,
        "Trace",
        "F5",
        window._debugging("trace"),
        bar,
        "Trace your code on the selected test (or the first example)",
    )
    window.analyze_action = window_action(window,
        "Analyze code", "Ctrl+Shift+A", lambda: window.analyst.analyze() if window.ready else None, None,
        "Look for weaknesses and measure the complexity of your code",
    )  # fmt: skip
    window.stop_action = window_action(window, "Stop", "Escape", None, bar, "Stop the running job")
    window.stop_action.setEnabled(False)
    window.reset_action = window_action(
        window, "Reset code", None, window.reset_code, bar, "Go back to the starter code (Ctrl+Z brings your code back)"
    )
    window.quit_action = window_action(window, "Quit", "Ctrl+Q", window.close, None, "Save your work and quit")
    show_run_buttons(window, None)
    window.language.setAccessibleName(window.tr("Language of the code"))
    for action in bar.actions():
        button = bar.widgetForAction(action)
        if button is not None and not button.accessibleName() and action.text():
            button.setAccessibleName(action.text().replace("&", ""))


def show_run_buttons(window: MainWindow, running: Run | None) -> None:
    """While a run is going, Run and Submit say that they replace it."""
    for action, submits, idle_tip in (
        (window.run_action, False, tr("Run the visible tests")),
        (window.submit_action, True, tr("Run every test, hidden ones too")),
    ):
        if running is None:
            text, tip = (tr("Submit") if submits else tr("Run")), idle_tip
        else:
            again = running.submitted == submits
            if submits:
                text = tr("Submit again") if again else tr("Submit instead")
            else:
                text = tr("Run again") if again else tr("Run instead")
            tip = tr("%s (stops the current run)") % text
        action.setText(text)
        if action.isEnabled():  # a disabled Submit's tooltip says why (documents.py)
            action.setToolTip(f"{tip} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})")
