"""The window's toolbar and its commands: what the learner does most (Run, Submit, Trace, Stop,
Reset code), beside the problem's title and the language; the menus list the same actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QLabel, QMainWindow, QToolBar, QWidget

from ..domain.vocabulary import Language

if TYPE_CHECKING:
    from .runs import Run


def tr(text: str) -> str:
    return QCoreApplication.translate("Toolbar", text)


def window_action(
    owner: QWidget,
    text: str,
    shortcut: str | None,
    slot: Callable[[], object] | None,
    bar: QToolBar | None,
    tip: str = "",
) -> QAction:
    """One of the window's commands: on the toolbar ``bar``, or a shortcut of ``owner`` without a button."""
    action = QAction(owner.tr(text), owner)
    if shortcut:
        action.setShortcut(QKeySequence(shortcut))
    action.setToolTip(owner.tr(tip))
    if slot is not None:
        action.triggered.connect(lambda _checked=False: slot())
    if bar is not None:
        bar.addAction(action)
    else:
        owner.addAction(action)
    return action


@dataclass(frozen=True)
class Toolbar:
    """The toolbar's widgets and the window's commands it and the menus show."""

    bar: QToolBar
    title_label: QLabel
    language: QComboBox
    run: QAction
    submit: QAction
    trace: QAction
    analyze: QAction
    stop: QAction
    reset: QAction
    quit: QAction


def build_toolbar(
    owner: QMainWindow,
    *,
    on_language: Callable[[], None],
    run: Callable[[], object],
    submit: Callable[[], object],
    trace: Callable[[], object],
    analyze: Callable[[], object],
    reset: Callable[[], object],
    close: Callable[[], object],
) -> Toolbar:
    """The toolbar (problem title, language, Run, Submit, Trace, Stop, Reset code) and the
    window's own actions the menus list. Stop is connected by whoever follows the jobs."""
    bar = QToolBar(tr("Main"), objectName="mainToolbar", movable=False)
    owner.addToolBar(bar)
    title_label = QLabel("", objectName="problemTitle", textFormat=Qt.TextFormat.PlainText)
    title_label.setMinimumWidth(200)
    bar.addWidget(title_label)
    language = QComboBox(objectName="language")
    language.addItem(tr("Python"), Language.PYTHON.value)
    language.addItem(tr("JavaScript"), Language.JAVASCRIPT.value)
    language.currentIndexChanged.connect(lambda _index: on_language())
    bar.addWidget(language)
    toolbar = Toolbar(
        bar,
        title_label,
        language,
        run=window_action(owner, "Run", "Ctrl+Return", run, bar),
        submit=window_action(owner, "Submit", "Ctrl+Shift+Return", submit, bar),
        trace=window_action(
            owner, "Trace", "F5", trace, bar, "Trace your code on the selected test (or the first example)"
        ),
        analyze=window_action(
            owner,
            "Analyze code",
            "Ctrl+Shift+A",
            analyze,
            None,
            "Look for weaknesses and measure the complexity of your code",
        ),  # fmt: skip
        stop=window_action(owner, "Stop", "Escape", None, bar, "Stop the running job"),
        reset=window_action(
            owner, "Reset code", None, reset, bar, "Go back to the starter code (Ctrl+Z brings your code back)"
        ),
        quit=window_action(owner, "Quit", "Ctrl+Q", close, None, "Save your work and quit"),
    )
    toolbar.stop.setEnabled(False)
    show_run_buttons(toolbar.run, toolbar.submit, None)
    language.setAccessibleName(tr("Language of the code"))
    for action in bar.actions():
        button = bar.widgetForAction(action)
        if button is not None and not button.accessibleName() and action.text():
            button.setAccessibleName(action.text().replace("&", ""))
    return toolbar


def show_run_buttons(run_action: QAction, submit_action: QAction, running: Run | None) -> None:
    """While a run is going, Run and Submit say that they replace it."""
    for action, submits, idle_tip in (
        (run_action, False, tr("Run the visible tests")),
        (submit_action, True, tr("Run every test, hidden ones too")),
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
