"""Help ▸ About: the app's version and what it is, the main libraries with their licences, and a
button to the full third-party notices the bundles ship, shown whole and scrollable. Pictures of
both are saved as PNG files to look at."""

from __future__ import annotations

import os
from importlib import metadata

import pytest
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPlainTextEdit, QPushButton, QWidget

from codementor_desktop.gui.help_dialogs import about_dialog, notices_path

pytestmark = pytest.mark.gui
SHOTS = os.environ.get("CODEMENTOR_SHOTS")


def shot(widget: QWidget, path) -> None:
    image = widget.grab().toImage()
    assert not image.isNull() and image.save(str(path))
    if SHOTS:
        image.save(os.path.join(SHOTS, path.name))


def test_about_shows_the_version_what_the_app_is_and_opens_the_notices(qtbot, tmp_path):
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = about_dialog(parent)
    dialog.show()
    qtbot.waitExposed(dialog)
    text = dialog.findChild(QLabel, "aboutText").text()
    assert f"CodeMentor {metadata.version('codementor-desktop')}" in text
    assert "coding-interview problems" in text and "Socratic tutor" in text
    assert "PySide6-Essentials" in text and "LGPL" in text
    shot(dialog, tmp_path / "about.png")

    button = dialog.findChild(QPushButton, "noticesButton")
    assert button.isVisible() and button.text() == "Third-party licences…"
    button.click()
    notices = dialog.findChild(QDialog, "noticesDialog")
    qtbot.waitUntil(lambda: notices is not None and notices.isVisible())
    view = notices.findChild(QPlainTextEdit, "noticesView")
    shipped = notices_path().read_text(encoding="utf-8")
    assert view.isReadOnly()
    assert view.toPlainText().rstrip("\n") == shipped.rstrip("\n")
    assert "pyside6-scintilla" in view.toPlainText() and "NEIL HODGSON" in view.toPlainText()
    # Long: the learner scrolls it rather than the dialog growing past the screen.
    assert view.verticalScrollBar().maximum() > 0 and notices.height() < 800
    shot(notices, tmp_path / "notices.png")

    notices.reject()
    qtbot.waitUntil(lambda: not notices.isVisible())
    dialog.accept()
    assert not any(w.isVisible() for w in QApplication.topLevelWidgets() if w is not parent)
