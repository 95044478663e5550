"""File's commands on the learner's own code: New scratch, Open, Open recent, Save, Save as."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

if TYPE_CHECKING:
    from .documents import Documents


def tr(text: str) -> str:
    return QCoreApplication.translate("FileMenu", text)


def build_file_commands(owner: QWidget, menu: QMenu, documents: Documents, ready: Callable[[], bool]) -> None:
    """Add the document commands to ``menu`` (File), as shortcuts of ``owner``; they wait for ``ready``."""

    def command(text: str, keys: QKeySequence.StandardKey | str | None, slot, tip: str) -> QAction:
        action = QAction(text, owner)
        if keys is not None:
            action.setShortcut(QKeySequence(keys))
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot() if ready() else None)
        owner.addAction(action)
        menu.addAction(action)
        return action

    command(
        tr("&New scratch"), "Ctrl+N", documents.new_scratch, tr("Code of no problem: Run executes it, Trace traces it")
    )
    command(tr("&Open…"), "Ctrl+O", documents.open_file, tr("Open a .py or .js file of your own"))
    recent = menu.addMenu(tr("Open &recent"))
    recent.setObjectName("recentMenu")
    recent.aboutToShow.connect(lambda: fill_recent(documents, recent))
    menu.addSeparator()
    command(tr("&Save"), "Ctrl+S", documents.save, tr("Save the file (a problem's code is saved as you type)"))
    command(tr("Save &as…"), "Ctrl+Shift+S", lambda: documents.save_as(), tr("Save the code to a new file"))
    menu.addSeparator()


def fill_recent(documents: Documents, menu: QMenu) -> None:
    """The recent files, newest first; one that is gone is dropped (with a word) when chosen."""
    menu.clear()
    recent = documents.recent
    paths = recent.paths() if recent is not None else []
    for path in paths:
        action = menu.addAction(path.name)
        action.setToolTip(str(path))
        action.setStatusTip(str(path))
        action.triggered.connect(lambda _checked=False, p=Path(path): documents.open_recent(p))
    if not paths:
        menu.addAction(tr("No recent files")).setEnabled(False)
