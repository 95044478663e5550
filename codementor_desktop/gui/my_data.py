"""File ▸ Export my data…, Import data…, Delete my data…: everything kept about the current
learner as one JSON file, taken to another machine (home and the lab) and brought in there, or
removed for good. The tools do the work (``export_learner_data``, ``import_learner_data``,
``delete_learner_data``) off the GUI thread; deleting asks for the learner's name typed out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox

from .learners import reattach
from .text import message_box

if TYPE_CHECKING:
    from .main_window import MainWindow


def tr(text: str) -> str:
    return QCoreApplication.translate("MyData", text)


def _counts(counts: dict[str, Any]) -> str:
    return ", ".join(f"{table} {count}" for table, count in sorted(counts.items()) if count) or tr("nothing")


def _failed(window: MainWindow, what: str, result: dict[str, Any]) -> bool:
    if result.get("status") != "error":
        return False
    message_box(window, QMessageBox.Icon.Warning, what, str(result.get("error_message") or tr("no reason given")))
    return True


def export_data(window: MainWindow, path: Path | None = None) -> None:
    """Ask where (unless ``path``), then write the learner's export there as JSON."""
    learner = window.services.settings.user
    if path is None:
        chosen, _filter = QFileDialog.getSaveFileName(
            window, tr("Export my data"), str(Path.home() / f"codementor-{learner}.json"), tr("JSON files (*.json)")
        )
        if not chosen:
            return
        path = Path(chosen)

    def write(result: dict[str, Any]) -> None:
        if _failed(window, tr("Export my data"), result):
            return
        try:
            text = json.dumps(result.get("export") or {}, ensure_ascii=False, indent=1)
            path.write_text(text, encoding="utf-8")
        except (OSError, TypeError, ValueError) as exc:
            message_box(
                window, QMessageBox.Icon.Warning, tr("Export my data"), tr("%s could not be written: %s") % (path, exc)
            )
            return
        window.say(tr("Your data is in %s.") % path)

    window.learning.jobs.call("export_learner_data", {}, write)


def import_data(window: MainWindow, path: Path | None = None) -> None:
    """Ask for an export file (unless ``path``) and bring it in as the current learner's."""
    learner = window.services.settings.user
    if path is None:
        chosen, _filter = QFileDialog.getOpenFileName(
            window, tr("Import data"), str(Path.home()), tr("JSON files (*.json)")
        )
        if not chosen:
            return
        path = Path(chosen)
    try:
        export = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        message_box(
            window,
            QMessageBox.Icon.Warning,
            tr("Import data"),
            tr("%s is not an export of CodeMentor: %s") % (path, exc),
        )
        return
    if not isinstance(export, dict):
        message_box(
            window, QMessageBox.Icon.Warning, tr("Import data"), tr("%s is not an export of CodeMentor.") % path
        )
        return

    def done(result: dict[str, Any]) -> None:
        if _failed(window, tr("Import data"), result):
            return
        reattach(window, learner)
        window.say(tr("Imported for %s: %s.") % (learner, _counts(dict(result.get("imported") or {}))))

    window.autosave.save_now()
    window.services.drafts.flush(10.0)
    window.learning.jobs.call("import_learner_data", {"export": export, "as_user": learner}, done)


def delete_data(window: MainWindow, typed: str | None = None) -> None:
    """Remove everything kept about the current learner, once their name is typed to confirm."""
    learner = window.services.settings.user
    if typed is None:
        typed, ok = QInputDialog.getText(
            window, tr("Delete my data"),
            tr("This removes every draft, run, analysis, snapshot and the profile of %s, for good.\n"
               "Type the name %s to confirm:") % (learner, learner),
            QLineEdit.EchoMode.Normal, "",
        )  # fmt: skip
        if not ok:
            return
    if typed.strip() != learner:
        message_box(window, QMessageBox.Icon.Information, tr("Delete my data"),
                    tr("The name typed is not %s: nothing was deleted.") % learner)  # fmt: skip
        return

    def done(result: dict[str, Any]) -> None:
        if _failed(window, tr("Delete my data"), result):
            return
        reattach(window, learner)
        window.say(tr("Deleted for %s: %s.") % (learner, _counts(dict(result.get("deleted") or {}))))

    window.autosave.save_now()
    window.services.drafts.flush(10.0)  # no draft write may land after the rows are gone
    window.learning.jobs.call("delete_learner_data", {"confirm": True}, done)
