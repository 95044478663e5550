"""The settings dialog: ``open_settings`` shows it over the window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from .dialog import SettingsDialog


def open_settings(window: MainWindow) -> SettingsDialog | None:
    """Show the settings over ``window`` (not modal to the app: the window's keys stay its own)."""
    from .dialog import SettingsDialog, tr

    if not window.ready:
        window.say(tr("The settings open once the problems are loaded."))
        return None
    for shown in window.findChildren(SettingsDialog):
        if shown.isVisible():  # one dialog at a time: two would save over each other
            shown.activateWindow()
            return shown
    dialog = SettingsDialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
