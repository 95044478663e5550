"""Edit ▸ Settings…: what a change of the settings takes effect on, and the dialog it opens."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from ...tools.services import Services
    from ..editor.code_editor import CodeEditor
    from ..jobs import Jobs
    from .dialog import SettingsDialog


class SettingsCommand:
    """Edit ▸ Settings… of ``host``: what a change takes effect on is named here, not found on the
    window. ``set_theme(name, save=False)`` recolours the window; the editor takes the font size;
    ``backend_label`` says where code runs."""

    def __init__(
        self,
        host: QWidget,
        jobs: Jobs,
        *,
        editor: CodeEditor,
        backend_label: QLabel,
        set_theme: Callable[..., None],
        say: Callable[[str], None],
    ):
        self.host = host
        self.jobs = jobs
        self.editor = editor
        self.backend_label = backend_label
        self.set_theme = set_theme
        self.say = say
        self.services: Services | None = None  # set once they are loaded

    def attach(self, services: Services) -> None:
        self.services = services

    def open(self) -> SettingsDialog | None:
        """Show the settings over the window (not modal to the app: the window's keys stay its own)."""
        from .dialog import SettingsDialog, tr  # the dialog's modules load when it is first opened

        if self.services is None:
            self.say(tr("The settings open once the problems are loaded."))
            return None
        for shown in self.host.findChildren(SettingsDialog):
            if shown.isVisible():  # one dialog at a time: two would save over each other
                shown.activateWindow()
                return shown
        dialog = SettingsDialog(self, self.services)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog
