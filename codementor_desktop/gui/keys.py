"""Keys taken before the window's shortcuts see them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent


def took_escape(event: QEvent, on_escape: Callable[[], object]) -> bool:
    """For an event filter: Escape calls ``on_escape`` and is taken, so that the window's Esc
    (Stop) never sees it; True when the event was Escape's."""
    if not isinstance(event, QKeyEvent) or event.key() != Qt.Key.Key_Escape:
        return False
    if event.type() == QEvent.Type.ShortcutOverride:
        event.accept()  # claims the key from the shortcut; the key press follows
        return True
    if event.type() == QEvent.Type.KeyPress:
        on_escape()
        return True
    return False
