"""The GUI's composition root: builds the services and the window, and wires them together."""

from __future__ import annotations

import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from .storage.database import DatabaseCorrupt
    from .storage.settings import LoadedSettings
    from .tools.services import Services


def main(screenshot: Path | None = None) -> int:
    """Run the window until it closes; with ``screenshot``, save a picture of it and quit.

    The window paints first, with its editor; the settings, the database, the problem bank and
    the tools load on a thread meanwhile (sqlalchemy, pydantic and the rest take seconds to
    import), and the window is attached to them when they are ready. A screenshot is taken as
    soon as the window first paints, and again, over it, once everything is loaded.

    Where there is no display (or its libraries are missing) it says so and returns 2 before Qt
    loads its platform plugin, which would abort the process with a misleading message.
    """
    from .gui.display import window_problem

    problem = window_problem()
    if problem is not None:
        print(f"codementor: {problem}", file=sys.stderr)
        return 2
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from .gui.main_window import MainWindow
    from .gui.viz.background import BackgroundCall

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("CodeMentor")
    app.setOrganizationName("CodeMentor")
    window = MainWindow()
    window.show()
    if screenshot is not None:
        QTimer.singleShot(0, lambda: window.grab().save(str(screenshot)))
    _close_on_terminate(window)
    held: list[Services] = []
    loading = BackgroundCall(lambda: _load(held), "startup", window)
    loading.done.connect(lambda loaded: _attach(app, window, loaded, held, screenshot))
    loading.failed.connect(lambda message: _failed(app, message))
    QTimer.singleShot(0, loading.start)  # after the first paint
    try:
        return app.exec()
    finally:
        loading.wait()
        for services in held:
            services.close()


def _load(held: list[Services]) -> tuple[LoadedSettings, Services | DatabaseCorrupt]:
    """On the startup thread: the settings, the log, and the services (or why the database failed).
    The services go into ``held`` at once: closed at the end even if the window closed before them."""
    from .applog import setup_logging
    from .storage.database import DatabaseCorrupt
    from .storage.settings import load_settings
    from .tools.services import Services

    loaded = load_settings()
    loaded.paths.ensure()
    setup_logging(loaded.paths.app_log)
    loaded.log_problems()
    try:
        services = Services.build(loaded)
    except DatabaseCorrupt as exc:
        return loaded, exc
    held.append(services)
    services.containment()  # probed here, off the window's thread; the status bar names the layers
    from .tutor.factory import prepare_tutor

    prepare_tutor(services)  # a model's first turn finds its client's parts ready
    return loaded, services


def _attach(app, window, result: tuple, held: list, screenshot: Path | None) -> None:
    """On the GUI thread: say what went wrong on the way, then show the services in the window."""
    from PySide6.QtWidgets import QMessageBox

    from .applog import install_crash_handler
    from .gui.learners import ask_at_start
    from .gui.text import message_box
    from .storage.database import set_aside
    from .tools.services import Services

    loaded, services = result
    install_crash_handler(
        loaded.paths.app_log,
        notify=lambda text: None if message_box(None, QMessageBox.Icon.Critical, "CodeMentor", text) else None,
    )
    for problem in loaded.problems:
        message_box(window, QMessageBox.Icon.Warning, "CodeMentor settings", problem)
    if not isinstance(services, Services):
        answer = QMessageBox.question(
            window,
            "CodeMentor database",
            f"{services}\n\nStart with a fresh database now?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        )
        if answer != QMessageBox.StandardButton.Yes:
            app.exit(1)
            return
        set_aside(services.path)
        services = Services.build(loaded)
        held.append(services)
    if screenshot is None:
        ask_at_start(services, window)  # who is practicing, on a shared lab computer
    window.attach(services)
    if screenshot is not None:
        window.grab().save(str(screenshot))
        window.close()
        app.quit()


def _failed(app, message: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    from .gui.text import message_box

    message_box(None, QMessageBox.Icon.Critical, "CodeMentor", f"CodeMentor could not start: {message}")
    app.exit(1)


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
