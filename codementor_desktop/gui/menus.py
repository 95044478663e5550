"""The window's menus: every command with its key. The Run menu runs (Run, Submit, Trace, Run to
breakpoint, Analyze code, Find edge cases, Stop, the breakpoints); the Debug menu steps through the trace on show."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from .toolbar import window_action

if TYPE_CHECKING:
    from .main_window import MainWindow


def build_menus(window: MainWindow) -> tuple[QAction, QAction, QAction]:
    """The menus; returns the actions they add to the window's: Run to breakpoint, Toggle and Edit breakpoint."""
    make = partial(window_action, window)
    to_breakpoint = make(
        "Run to breakpoint", "Ctrl+F5", window._debugging("run_to_breakpoint"), None,
        "Run until the breakpoint on the caret's line (or the first one) stops",
    )  # fmt: skip
    toggle = make(
        "Toggle breakpoint",
        "F9",
        window._debugging("toggle_breakpoint"),
        None,
        "Set or remove a breakpoint on the caret's line",
    )
    edit = make(
        "Edit breakpoint…", "Ctrl+F9", window._debugging("edit_breakpoint"), None,
        "Condition, nth hit and watches of the caret line's breakpoint",
    )  # fmt: skip
    window.edges_action = make(
        "Find edge cases", "Ctrl+Shift+E", lambda: window.edge_finder.find() if window.ready else None, None,
        "Look for inputs where your code goes wrong, and show the smallest",
    )  # fmt: skip
    run = window.menuBar().addMenu(window.tr("&Run"))
    run.addActions([window.run_action, window.submit_action, window.trace_action, to_breakpoint,
                    window.analyze_action, window.edges_action, window.stop_action])  # fmt: skip
    run.addSeparator()
    run.addActions([toggle, edit])  # Reset code and Quit are the File menu's
    debug = window.menuBar().addMenu(window.tr("&Debug"))
    debug.addActions(window.viz.stepping_actions())
    return to_breakpoint, toggle, edit
