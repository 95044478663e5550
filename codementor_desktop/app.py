"""The GUI's composition root: builds the services and the window, and wires them together."""

from __future__ import annotations

import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow, QWidget

    from .gui.main_window import MainWindow
    from .storage.database import DatabaseCorrupt
    from .storage.settings import LoadedSettings
    from .tools.services import Services


def main(screenshot: Path | None = None) -> int:
    """Run the window until it closes; with ``screenshot``, save a picture of it and quit.

    What paints first is a light window of the same size: an editor and a status line saying what
    is loading, built from Qt and Scintilla alone. The window's own modules (its panels, charts,
    the tutor, the database's models: seconds of imports) load on a worker meanwhile; then the
    window is built in the light window's place while the settings, the database, the problem bank
    and the tools load on the worker, and it is attached to them when they are ready. A screenshot
    is taken at the first paint, and again, over it, once everything is loaded.

    Where there is no display (or its libraries are missing) it says so and returns 2 before Qt
    loads its platform plugin, which would abort the process with a misleading message.
    """
    from .gui.display import window_problem

    problem = window_problem()
    if problem is not None:
        _say_window_cannot_open(problem)
        return 2
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("CodeMentor")
    app.setOrganizationName("CodeMentor")
    first = _first_window()
    first.show()
    if screenshot is not None:
        QTimer.singleShot(0, lambda: first.grab().save(str(screenshot)))
    held: list[Services] = []
    starting: list = []  # the start's Jobs, made after the first paint (psygnal takes a while)
    QTimer.singleShot(0, lambda: starting.append(_start_loading(app, first, held, screenshot)))
    try:
        return app.exec()
    finally:
        for jobs in starting:
            jobs.shutdown()
        for services in held:
            services.close()


def _say_window_cannot_open(problem: str) -> None:
    """On stderr, and for a system that lacks what the window needs also in the log folder:
    started from a desktop launcher, nobody sees stderr. Without a display, it is a terminal's."""
    from .gui.display import NO_DISPLAY

    kept = ""
    if not problem.startswith(NO_DISPLAY):
        from .platform_check import write_report
        from .storage.paths import AppPaths

        report = write_report(AppPaths.discover().log_dir, problem)
        kept = f" (kept in {report})" if report is not None else ""
    print(f"codementor: {problem}{kept}", file=sys.stderr)


def _first_window() -> QMainWindow:
    """The window as it first paints: the title, the size and an editor of the real one, and what
    is still loading; built from Qt and Scintilla alone, so it paints as fast as a bare editor."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter

    from .gui.editor.code_editor import CodeEditor

    first = QMainWindow()
    first.setWindowTitle("CodeMentor")
    first.resize(1280, 800)
    # Where the window's problem list, editor and tutor will be, so that it does not jump.
    parts = QSplitter(first)
    problems = QLabel("Loading the problems…", parts)
    problems.setAlignment(Qt.AlignmentFlag.AlignCenter)
    editor = CodeEditor(parts)
    editor.setReadOnly(True)
    QLabel("", parts)  # the tutor's place
    parts.setSizes([380, 580, 320])
    first.setCentralWidget(parts)
    first.statusBar().showMessage("Loading the problems, your drafts and the tools…")
    _close_on_terminate(first)
    return first


def _start_loading(app, first: QMainWindow, held: list[Services], screenshot: Path | None):
    """After the first paint: the window's modules are imported on a worker of a Jobs of the
    start's own (the window's Jobs belongs to a window that cannot exist before its modules are
    imported); then the services load on that worker while the GUI thread builds the window in
    the first one's place, and the window is attached to them when both are ready."""
    from .gui.jobs import Jobs
    from .gui.session import Session

    jobs = Jobs(None, Session(learner=""))
    failed = lambda message: _failed(app, message)  # noqa: E731 - one callback for both steps
    built: list[MainWindow] = []
    loaded: list[tuple] = []

    def attach_when_ready() -> None:
        if built and loaded:
            _attach(app, built[0], loaded[0], held, screenshot)

    def services_loaded(result: tuple) -> None:
        loaded.append(result)
        attach_when_ready()

    def imported(_nothing: None) -> None:
        jobs.run(lambda: _load(held), services_loaded, name="services", on_failed=failed)
        if first.isVisible():  # else closed before the window came: the services close on the way out
            built.append(_take_over(first))
            attach_when_ready()

    jobs.run(_import_window, imported, name="window", on_failed=failed)
    return jobs


def _import_window() -> None:
    """On the start's worker: the window's modules (its panels, charts, the tutor, the database's
    models); Python's import lock makes this safe while the GUI thread waits for events."""
    from .gui import main_window  # noqa: F401 - imported here so that the GUI thread never waits for it


def _take_over(first: QMainWindow) -> MainWindow:
    """On the GUI thread: the window, built and shown in the first one's place."""
    from .gui.main_window import MainWindow

    window = MainWindow()
    window.setGeometry(first.geometry())
    if first.isMaximized():
        window.setWindowState(first.windowState())
    _KEPT.append(window)  # a top-level window lives as long as the app, whoever else holds it
    window.show()
    first.close()
    _close_on_terminate(window)
    return window


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


def _attach(app, window: MainWindow, result: tuple, held: list, screenshot: Path | None) -> None:
    """On the GUI thread: say what went wrong on the way, then show the services in the window."""
    from PySide6.QtWidgets import QMessageBox

    from .applog import install_crash_handler
    from .gui.learners import ask_at_start
    from .gui.text import message_box
    from .storage.database import set_aside
    from .tools.services import Services

    loaded, services = result
    if not window.isVisible():
        return  # closed before everything had loaded: the services are closed on the way out
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
