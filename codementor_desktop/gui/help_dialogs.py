"""Help ▸ Keyboard shortcuts (every command of the menus with its keys, read from the menus
themselves so the list cannot drift) and Help ▸ About (the version, the libraries' licences, and
the full third-party notices the bundles ship)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMainWindow,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..resources import resources_dir
from .text import escaped

if TYPE_CHECKING:
    from importlib import metadata  # read when Help asks: importing it costs the window's start ~50 ms

LIBRARIES = ("PySide6-Essentials", "pyside6-scintilla", "lexilla", "pyqtgraph", "networkx", "markdown-it-py",
             "pydantic", "SQLAlchemy", "keyring", "httpx")  # fmt: skip


def tr(text: str) -> str:
    return QCoreApplication.translate("Help", text)


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every command in the menu bar."""
    rows: list[tuple[str, str, str]] = []

    def walk(menu: QMenu, path: str) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} ▸ {sub.title().replace('&', '')}")
            elif not action.isSeparator():
                keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
                rows.append((path, action.text().replace("&", ""), keys))

    for top in window.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu):
            walk(menu, menu.title().replace("&", ""))
    return rows


def shortcuts_dialog(window: QMainWindow) -> QDialog:
    dialog = QDialog(window, objectName="shortcutsDialog")
    dialog.setWindowTitle(tr("Keyboard shortcuts"))
    rows = shortcut_rows(window)
    table = QTableWidget(len(rows), 3, dialog, objectName="shortcutsTable")
    table.setHorizontalHeaderLabels([tr("Menu"), tr("Command"), tr("Keys")])
    table.setAccessibleName(tr("Keyboard shortcuts"))
    for row, values in enumerate(rows):
        for column, value in enumerate(values):
            item = QTableWidgetItem(value)
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
            table.setItem(row, column, item)
    table.resizeColumnsToContents()
    table.horizontalHeader().setStretchLastSection(True)
    table.verticalHeader().setVisible(False)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(table)
    layout.addWidget(buttons)
    dialog.resize(560, 520)
    return dialog


def show_shortcuts(window: QMainWindow) -> None:
    dialog = shortcuts_dialog(window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


def licences() -> list[tuple[str, str, str]]:
    """(library, version, licence) for the libraries the app is built on that are installed."""
    from importlib import metadata

    found = []
    for name in LIBRARIES:
        try:
            meta = metadata.metadata(name)
        except metadata.PackageNotFoundError:
            continue
        licence = _field(meta, "License-Expression")
        if not licence or len(licence) > 60:
            classifiers = [
                c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License")
            ]
            licence = ", ".join(classifiers) or _field(meta, "License")[:60] or tr("see the package")
        found.append((name, _field(meta, "Version"), licence))
    return found


def _field(meta: metadata.PackageMetadata, name: str) -> str:
    """One field of a package's metadata, or "" where the package does not give it."""
    values = meta.get_all(name) or []
    return str(values[0]) if values else ""


def app_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("codementor-desktop")
    except metadata.PackageNotFoundError:
        return "development"


def about_text() -> str:
    rows = "".join(
        f"<tr><td>{escaped(n)}</td><td>{escaped(v)}</td><td>{escaped(lic)}</td></tr>" for n, v, lic in licences()
    )
    return (
        f"<h3>CodeMentor {escaped(app_version())}</h3>"
        f"<p>{escaped(tr('Practise coding-interview problems offline: a problem bank with tests and hints, an editor, a judge that runs your code in a restricted process, a visual debugger and a Socratic tutor.'))}</p>"
        f"<p>{escaped(tr('Built on these libraries, under these licences:'))}</p>"
        f"<table cellspacing='4'><tr><th align='left'>{escaped(tr('Library'))}</th><th align='left'>"
        f"{escaped(tr('Version'))}</th><th align='left'>{escaped(tr('Licence'))}</th></tr>{rows}</table>"
        f"<p>{escaped(tr('Every package the app ships, with its licence text, is under Third-party licences.'))}</p>"
    )


def notices_path() -> Path:
    """The third-party notices shipped in resources/ (written by packaging/licenses.py)."""
    return resources_dir() / "THIRD_PARTY_NOTICES.txt"


def notices_text() -> str:
    try:
        return notices_path().read_text(encoding="utf-8")
    except OSError:
        return tr("The third-party notices are missing from this installation (THIRD_PARTY_NOTICES.txt).")


def notices_dialog(parent: QWidget) -> QDialog:
    dialog = QDialog(parent, objectName="noticesDialog")
    dialog.setWindowTitle(tr("Third-party licences"))
    view = QPlainTextEdit(dialog, objectName="noticesView")
    view.setReadOnly(True)
    # The licence texts are laid out in fixed columns; wrapping would tear them.
    view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    view.setPlainText(notices_text())
    view.setAccessibleName(tr("Third-party licences"))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(view)
    layout.addWidget(buttons)
    dialog.resize(760, 600)
    return dialog


def show_notices(parent: QWidget) -> None:
    dialog = notices_dialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()


def about_dialog(parent: QWidget) -> QDialog:
    dialog = QDialog(parent, objectName="aboutBox")
    dialog.setWindowTitle(tr("About CodeMentor"))
    text = QLabel(about_text(), dialog, objectName="aboutText")
    text.setTextFormat(Qt.TextFormat.RichText)
    text.setWordWrap(True)
    text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok, dialog)
    licences_button = QPushButton(tr("Third-party licences…"), dialog, objectName="noticesButton")
    licences_button.setToolTip(tr("The licence of every package the app ships"))
    buttons.addButton(licences_button, QDialogButtonBox.ButtonRole.HelpRole)
    licences_button.clicked.connect(lambda: show_notices(dialog))
    buttons.accepted.connect(dialog.accept)
    layout = QVBoxLayout(dialog)
    layout.addWidget(text)
    layout.addWidget(buttons)
    dialog.setMinimumWidth(520)
    return dialog


def show_about(parent: QWidget) -> None:
    dialog = about_dialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
