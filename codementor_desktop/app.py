"""The GUI's composition root: builds the services and the window, and wires them together."""

from __future__ import annotations

import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget


def main(screenshot: Path | None = None) -> int:
    """Run the window until it closes; with ``screenshot``, save a picture of it and quit."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from .applog import install_crash_handler, setup_logging
    from .gui.main_window import MainWindow
    from .gui.text import message_box
    from .storage.database import DatabaseCorrupt, set_aside
    from .storage.settings import load_settings
    from .tools.services import Services

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("CodeMentor")
    app.setOrganizationName("CodeMentor")
    loaded = load_settings()
    loaded.paths.ensure()
    setup_logging(loaded.paths.app_log)
    install_crash_handler(
        loaded.paths.app_log,
        notify=lambda text: None if message_box(None, QMessageBox.Icon.Critical, "CodeMentor", text) else None,
    )
    for problem in loaded.problems:
        message_box(None, QMessageBox.Icon.Warning, "CodeMentor settings", problem)
    try:
        services = Services.build(loaded)
    except DatabaseCorrupt as exc:
        answer = QMessageBox.question(
            None,
            "CodeMentor database",
            f"{exc}\n\nStart with a fresh database now?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return 1
        set_aside(exc.path)
        services = Services.build(loaded)
    window = MainWindow(services)
    window.show()
    _close_on_terminate(window)
    if screenshot is not None:

        def save_and_quit() -> None:
            window.grab().save(str(screenshot))
            window.close()
            app.quit()

        QTimer.singleShot(0, save_and_quit)
    try:
        return app.exec()
    finally:
        services.close()


_KEPT: list[object] = []


def _close_on_terminate(window: QWidget) -> None:
    """A terminate signal (a logout, ``kill``) closes the window as Quit does, so the draft, the
    open problem and the layout are kept. Qt's event loop runs no Python code on its own, so the
    signal also writes to a socket that Qt watches, and the handler runs then."""
    if not hasattr(signal, "SIGTERM") or sys.platform == "win32":
        return
    from PySide6.QtCore import QSocketNotifier, QTimer

    receiver, sender = socket.socketpair()
    receiver.setblocking(False)
    sender.setblocking(False)
    signal.set_wakeup_fd(sender.fileno())
    notifier = QSocketNotifier(receiver.fileno(), QSocketNotifier.Type.Read, window)

    def drain() -> None:
        try:
            receiver.recv(64)
        except BlockingIOError:
            pass

    notifier.activated.connect(drain)
    signal.signal(signal.SIGTERM, lambda _number, _frame: QTimer.singleShot(0, window.close))
    _KEPT.append((notifier, receiver, sender))  # their file descriptors must outlive this function
