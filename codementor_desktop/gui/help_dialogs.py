"""Help ▸ Keyboard shortcuts (every command of the menus with its keys, read from the menus
themselves so the list cannot drift) and Help ▸ About (the version and the libraries' licences)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

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


def about_text() -> str:
    from importlib import metadata

    try:
        version = metadata.version("codementor-desktop")
    except metadata.PackageNotFoundError:
        version = "development"
    rows = "".join(
        f"<tr><td>{escaped(n)}</td><td>{escaped(v)}</td><td>{escaped(lic)}</td></tr>" for n, v, lic in licences()
    )
    return (
        f"<h3>CodeMentor {escaped(version)}</h3>"
        f"<p>{escaped(tr('Practise coding-interview problems offline.'))}</p>"
        f"<p>{escaped(tr('Built on these libraries, under these licences:'))}</p>"
        f"<table cellspacing='4'><tr><th align='left'>{escaped(tr('Library'))}</th><th align='left'>"
        f"{escaped(tr('Version'))}</th><th align='left'>{escaped(tr('Licence'))}</th></tr>{rows}</table>"
    )


def show_about(parent: QWidget) -> None:
    box = QMessageBox(
        QMessageBox.Icon.NoIcon, tr("About CodeMentor"), about_text(), QMessageBox.StandardButton.Ok, parent
    )
    box.setObjectName("aboutBox")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
