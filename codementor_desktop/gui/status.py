"""What the window says in its status bar about where code runs, and what it asks when it cannot
keep the learner's work."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox

from .text import message_box

if TYPE_CHECKING:
    from .main_window import MainWindow

log = logging.getLogger(__name__)


def runner_label(backend: str, layers: list[tuple[str, bool, str]]) -> str:
    """The status bar's word on where code runs and what holds it: ``local runner: namespaces,
    landlock, seccomp`` (a layer missing or switched off is named as such)."""
    held = [layer for layer, on, _ in layers if on and layer != "piston"]
    missing = [layer for layer, on, _ in layers if not on]
    text = f"{backend} runner"
    if held:
        text += ": " + ", ".join(held)
    if missing:
        text += " (without " + ", ".join(missing) + ")"
    return text


def close_unsaved(window: MainWindow) -> bool:
    """The disk refused the draft: ask before closing (the text is still in the editor)."""
    problem = window.drafts.last_error or "the database did not answer"
    log.error("closing with an unsaved draft: %s", problem)
    answer = message_box(
        window,
        QMessageBox.Icon.Warning,
        "CodeMentor",
        f"Your code could not be saved ({problem}).\n\nQuit anyway and lose the changes since the last save?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        QMessageBox.StandardButton.No,
    )
    return answer == QMessageBox.StandardButton.Yes
