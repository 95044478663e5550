"""File ▸ Export my data…, Import data…, Delete my data…: everything kept about the current
learner as one JSON file, taken to another machine (home and the lab) and brought in there, or
removed for good. The tools do the work (``export_learner_data``, ``import_learner_data``,
``delete_learner_data``) in Jobs' SIDE lane; deleting asks for the learner's name typed out.
After an import or a delete the learner is attached afresh (``LearnerSwitch.reattach``): what
the window shows is read again from what is kept now."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from .side_calls import ask
from .text import message_box

if TYPE_CHECKING:
    from ..tools.services import Services
    from .jobs import Jobs
    from .learners import LearnerSwitch
    from .session import Session


def tr(text: str) -> str:
    return QCoreApplication.translate("MyData", text)


def _counts(counts: dict[str, Any]) -> str:
    return ", ".join(f"{table} {count}" for table, count in sorted(counts.items()) if count) or tr("nothing")


class MyData:
    """The three commands for the session's learner; their dialogs open over ``parent``."""

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        services: Services,
        *,
        learners: LearnerSwitch,
        say: Callable[[str], None],
        parent: QWidget | None = None,
    ):
        self.session = session
        self.jobs = jobs
        self.services = services
        self.learners = learners
        self.say = say
        self.parent = parent

    def _failed(self, what: str, result: dict[str, Any]) -> bool:
        if result.get("status") != "error":
            return False
        reason = str(result.get("error_message") or tr("no reason given"))
        message_box(self.parent, QMessageBox.Icon.Warning, what, reason)
        return True

    def _warn(self, what: str, text: str, icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> None:
        message_box(self.parent, icon, what, text)

    def _keep_work(self) -> None:
        """The draft on screen goes to the book, and the book to the database, before the rows move."""
        self.learners.keep_work()
        self.services.drafts.flush(10.0)

    def export(self, path: Path | None = None) -> None:
        """Ask where (unless ``path``), then write the learner's export there as JSON."""
        learner = self.session.learner
        if path is None:
            chosen, _filter = QFileDialog.getSaveFileName(
                self.parent, tr("Export my data"), str(Path.home() / f"codementor-{learner}.json"),
                tr("JSON files (*.json)"),
            )  # fmt: skip
            if not chosen:
                return
            path = Path(chosen)
        target = path

        def write(result: dict[str, Any]) -> None:
            if self._failed(tr("Export my data"), result):
                return
            try:
                text = json.dumps(result.get("export") or {}, ensure_ascii=False, indent=1)
                target.write_text(text, encoding="utf-8")
            except (OSError, TypeError, ValueError) as exc:
                self._warn(tr("Export my data"), tr("%s could not be written: %s") % (target, exc))
                return
            self.say(tr("Your data is in %s.") % target)

        ask(self.jobs, "export_learner_data", {}, write)

    def import_(self, path: Path | None = None) -> None:
        """Ask for an export file (unless ``path``) and bring it in as the current learner's."""
        learner = self.session.learner
        if path is None:
            chosen, _filter = QFileDialog.getOpenFileName(
                self.parent, tr("Import data"), str(Path.home()), tr("JSON files (*.json)")
            )
            if not chosen:
                return
            path = Path(chosen)
        try:
            export = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            self._warn(tr("Import data"), tr("%s is not an export of CodeMentor: %s") % (path, exc))
            return
        if not isinstance(export, dict):
            self._warn(tr("Import data"), tr("%s is not an export of CodeMentor.") % path)
            return

        def done(result: dict[str, Any]) -> None:
            if self._failed(tr("Import data"), result):
                return
            self.learners.reattach(learner)
            self.say(tr("Imported for %s: %s.") % (learner, _counts(dict(result.get("imported") or {}))))

        self._keep_work()
        ask(self.jobs, "import_learner_data", {"export": export, "as_user": learner}, done)

    def delete(self, typed: str | None = None) -> None:
        """Remove everything kept about the current learner, once their name is typed to confirm."""
        learner = self.session.learner
        if typed is None:
            typed, ok = QInputDialog.getText(
                self.parent, tr("Delete my data"),
                tr("This removes every draft, run, analysis, snapshot and the profile of %s, for good.\n"
                   "Type the name %s to confirm:") % (learner, learner),
                QLineEdit.EchoMode.Normal, "",
            )  # fmt: skip
            if not ok:
                return
        if typed.strip() != learner:
            self._warn(tr("Delete my data"), tr("The name typed is not %s: nothing was deleted.") % learner,
                       QMessageBox.Icon.Information)  # fmt: skip
            return

        def done(result: dict[str, Any]) -> None:
            if self._failed(tr("Delete my data"), result):
                return
            self.learners.reattach(learner)
            self.say(tr("Deleted for %s: %s.") % (learner, _counts(dict(result.get("deleted") or {}))))

        self._keep_work()  # no draft write may land after the rows are gone
        ask(self.jobs, "delete_learner_data", {"confirm": True}, done)
