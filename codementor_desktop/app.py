"""The GUI's composition root: builds the services and the window, and wires them together."""

from __future__ import annotations

import sys
from pathlib import Path


def main(screenshot: Path | None = None) -> int:
    """Run the window until it closes; with ``screenshot``, save a picture of it and quit."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    from .applog import install_crash_handler, setup_logging
    from .gui.main_window import MainWindow
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
        loaded.paths.app_log, notify=lambda text: None if QMessageBox.critical(None, "CodeMentor", text) else None
    )
    for problem in loaded.problems:
        QMessageBox.warning(None, "CodeMentor settings", problem)
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
