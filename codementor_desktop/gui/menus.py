"""The window's menus: every command with its key. The Run menu runs (Run, Submit, Trace, Run to
breakpoint, Analyze code, Find edge cases, Stop, the breakpoints); the Debug menu steps through the trace on show."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from .toolbar import Toolbar, window_action


def build_menus(
    owner: QMainWindow,
    toolbar: Toolbar,
    *,
    run_to_breakpoint: Callable[[], object],
    toggle_breakpoint: Callable[[], object],
    edit_breakpoint: Callable[[], object],
    find_edge_cases: Callable[[], object],
    stepping: list[QAction],
) -> tuple[QAction, QAction, QAction, QAction]:
    """The Run and Debug menus; returns the actions they add to the window's: Run to breakpoint,
    Toggle and Edit breakpoint, Find edge cases."""
    make = partial(window_action, owner)
    to_breakpoint = make(
        "Run to breakpoint", "Ctrl+F5", run_to_breakpoint, None,
        "Run until the breakpoint on the caret's line (or the first one) stops",
    )  # fmt: skip
    toggle = make("Toggle breakpoint", "F9", toggle_breakpoint, None, "Set or remove a breakpoint on the caret's line")
    edit = make(
        "Edit breakpoint…", "Ctrl+F9", edit_breakpoint, None,
        "Condition, nth hit and watches of the caret line's breakpoint",
    )  # fmt: skip
    edges = make(
        "Find edge cases", "Ctrl+Shift+E", find_edge_cases, None,
        "Look for inputs where your code goes wrong, and show the smallest",
    )  # fmt: skip
    run = owner.menuBar().addMenu(owner.tr("&Run"))
    run.addActions([toolbar.run, toolbar.submit, toolbar.trace, to_breakpoint,
                    toolbar.analyze, edges, toolbar.stop])  # fmt: skip
    run.addSeparator()
    run.addActions([toggle, edit])  # Reset code and Quit are the File menu's
    debug = owner.menuBar().addMenu(owner.tr("&Debug"))
    debug.addActions(stepping)
    return to_breakpoint, toggle, edit, edges
